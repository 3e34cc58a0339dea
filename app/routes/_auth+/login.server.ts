/**
 * What the login page is made of besides its form: the tabs the switches allow, the switches
 * the other ways in need, and the side menu from the operator's settings.
 */
import type { SideLink } from "~/features/auth/login-panel";
import { customerServiceLinks, type SiteSettings } from "~/features/site/site.server";
import type { Features } from "~/lib/features";
import { getZodConstraint, schemaForLogin } from "~/schemas/forms.server";
import { LOGIN_TAB_SWITCH, LOGIN_TABS, type LoginTab } from "~/schemas/login-tabs";
import { z } from "zod";

/** The remembered-name cookie's value. */
export const LAST_USERNAME = z.string().max(64);

/** The HTML constraints of a tab's fields (required, lengths), derived once per tab and captcha. */
const constraints = new Map<string, ReturnType<typeof getZodConstraint>>();
export function loginConstraint(tab: LoginTab, captchaRequired: boolean) {
  const key = `${tab}|${captchaRequired}`;
  let constraint = constraints.get(key);
  if (!constraint) constraints.set(key, (constraint = getZodConstraint(schemaForLogin(tab, { captchaRequired }))));
  return constraint;
}

const WEB_ADDRESS = /^https?:\/\//i;
const WEB_ADDRESS_OR_PATH = /^(?:https?:\/\/|\/(?![/\\]))[^\s\\]*$/i;

/** The login switches of document 000, section 6 that the page passes on to the other ways in. */
export const LOGIN_SWITCHES = [
  "MOBILELOGIN3",
  "MOBILEVERCODELOGIN3",
  "FREEPLAY3",
  "TELEGRAMLOGIN3",
  "GOOGLELOGIN3",
  "FACEBOOKLOGIN3",
  "TWITTERLOGIN3",
  "LINELOGIN3",
  "FIREBASECREATEACC3",
  "SSOMANUALREG3",
  "REG3",
] as const;

/** The tabs whose switch is on, in the spec's order (username, SMS code, mobile number). */
export function loginTabs(features: Features): LoginTab[] {
  return LOGIN_TABS.filter((tab) => {
    const name = LOGIN_TAB_SWITCH[tab];
    return name === null || features.has(name);
  });
}

/**
 * The login page's side menu (document 000, section 2): customer service, the speed check
 * (only with a SpeedTest resource that has a url: an address, or a path of this site such as
 * the portal's /speed-test) and the app download (with an IOS, Android or
 * H5 resource that has a url: the portal's /download page, document 000 section 17, where each
 * platform's QR code is). Entries the operator does not configure are not shown.
 */
export function sideLinks(settings: Pick<SiteSettings, "customerService" | "resources">): SideLink[] {
  const links: SideLink[] = [];
  const [service] = customerServiceLinks(settings.customerService);
  if (service) links.push({ label: "login_customer_service", href: service.url });
  const resource = (type: string, address = WEB_ADDRESS) =>
    (settings.resources ?? []).find((r) => r.resourceType === type && typeof r.url === "string" && address.test(r.url));
  // The speed check may also be a page of this site (the portal's /speed-test): a path, never "//host".
  const speed = resource("SpeedTest", WEB_ADDRESS_OR_PATH);
  if (speed?.url) links.push({ label: "login_speed_check", href: speed.url });
  const app = resource("H5") ?? resource("Android") ?? resource("IOS");
  if (app?.url) links.push({ label: "login_app_download", href: "/download" });
  return links;
}
