/**
 * The server side of registration: the operator's register rules, the tabs the switches allow,
 * where affiliate and referral codes come from (sub-domain, ?r=, ?referralCode=, the reg_info
 * cookie), the affiliate check, the registration URL sent to the operator, the captcha image,
 * the honeypot, and the success message carried to the next page.
 */
import { createCookie } from "@remix-run/node";
import { Honeypot } from "remix-utils/honeypot/server";
import { z } from "zod";
import { readCookie } from "~/server/cookies.server";
import { config, sessionSecrets } from "~/server/config.server";
import type { Features } from "~/lib/features";
import type { RegisterRule, RegisterTab } from "~/schemas/register-fields";
import { OperatorError } from "~/operator/errors";
import type { BoundOperator } from "~/operator/operator.server";
import type { SiteSettings } from "~/features/site/site.server";

// ── rules and tabs ───────────────────────────────────────────────────────────────────────

export async function loadRegisterRules(operator: BoundOperator): Promise<RegisterRule[]> {
  const list = await operator.call("registerSettings");
  return list.filter((r): r is RegisterRule => typeof r === "object" && r !== null && typeof (r as RegisterRule).key === "string");
}

export interface RegisterTabs {
  tabs: RegisterTab[];
  /** Mobile only when username registration is off and mobile registration on (document 000, section 4). */
  defaultTab: RegisterTab;
}

/** Null when registration is closed (REG3 off, or neither way of registering on). */
export function registerTabs(features: Features): RegisterTabs | null {
  if (!features.has("REG3")) return null;
  const tabs: RegisterTab[] = [];
  if (features.has("USERNAMEREG3")) tabs.push("username");
  if (features.has("MOBILENUMREG3")) tabs.push("mobile");
  if (!tabs.length) return null;
  return { tabs, defaultTab: !features.has("USERNAMEREG3") && features.has("MOBILENUMREG3") ? "mobile" : "username" };
}

export function chosenTab(tabs: RegisterTabs, asked: string | null): RegisterTab {
  return tabs.tabs.includes(asked as RegisterTab) ? (asked as RegisterTab) : tabs.defaultTab;
}

// ── affiliate and referral codes ─────────────────────────────────────────────────────────

/** The spec's reg_info (affiliateCode, referralCode): kept 30 days once a code arrives by URL. */
export const regInfoCookie = createCookie("reg_info", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 30 * 24 * 60 * 60,
});

/** What reg_info may hold: anything else in it is ignored (the codes are cleaned again on use). */
const regInfoSchema = z.object({
  affiliateCode: z.string().max(64).optional().catch(undefined),
  referralCode: z.string().max(64).optional().catch(undefined),
});

export interface RegisterCodes {
  affiliateCode: string;
  referralCode: string;
  /** Only when all digits (document 000, section 3). */
  linkId: string;
  /** Set-Cookie for reg_info when a code arrived by URL. */
  setCookie: string | null;
}

const CODE = /^[A-Za-z0-9_-]{1,64}$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** An IP address or localhost: not a name a registration link can be built on. */
export function isLocalOrIp(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || IPV4.test(host) || host.includes(":");
}

/** The affiliate of the host's sub-domain (ag01.example.com → ag01); none for www, IPs, localhost or a bare domain. */
export function subDomainCode(hostname: string): string {
  if (isLocalOrIp(hostname)) return "";
  const labels = hostname.toLowerCase().split(".");
  return labels.length >= 3 ? clean(labels[0]) : "";
}

/** www means none; anything but letters, digits, - and _ is dropped. */
function clean(code: string | null | undefined): string {
  const value = (code ?? "").trim();
  return value.toLowerCase() === "www" || !CODE.test(value) ? "" : value;
}

/**
 * The codes of this visit: the URL (?r= is the affiliate, ?referralCode= the referrer) first,
 * then the sub-domain, then the stored reg_info.
 */
export async function registerCodes(request: Request): Promise<RegisterCodes> {
  const url = new URL(request.url);
  const stored = (await readCookie(regInfoCookie, request, regInfoSchema)) ?? {};
  const fromUrl = { affiliateCode: clean(url.searchParams.get("r")), referralCode: clean(url.searchParams.get("referralCode")) };
  const affiliateCode = fromUrl.affiliateCode || subDomainCode(url.hostname) || clean(stored.affiliateCode);
  const referralCode = fromUrl.referralCode || clean(stored.referralCode);
  const linkIdParam = url.searchParams.get("linkId")?.trim() ?? "";
  const arrived = Boolean(fromUrl.affiliateCode || fromUrl.referralCode);
  return {
    affiliateCode,
    referralCode,
    linkId: /^\d+$/.test(linkIdParam) ? linkIdParam : "",
    setCookie: arrived ? await regInfoCookie.serialize({ affiliateCode, referralCode }) : null,
  };
}

export async function forgetRegInfo(): Promise<string> {
  return regInfoCookie.serialize({}, { maxAge: 0 });
}

export type AffiliateCheck = { ok: true } | { ok: false; message: string };

/** GET /wps/agent/affiliate (code, domain). The operator's message when it refuses. */
export async function checkAffiliate(operator: BoundOperator, code: string, domain: string): Promise<AffiliateCheck> {
  try {
    await operator.call("affiliateCheck", { query: { code, domain } });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof OperatorError) || error.kind === "session-ended" || error.kind === "unauthorized") throw error;
    return { ok: false, message: error.serverMessage || error.code || "unknown_error" };
  }
}

/**
 * The page affiliate setting of document 000, section 5: consolidated settings `pageAffiliate`.
 * 0 (or absent): a code that fails at page load hides the affiliate field and registration goes
 * on without it; anything else sends the player to the site origin with the message.
 */
export function pageAffiliateSetting(settings: Pick<SiteSettings, "pageAffiliate">): number {
  return settings.pageAffiliate ?? 0;
}

export type AffiliateAtLoad = { action: "keep" } | { action: "hide" } | { action: "leave"; message: string };

/** What a code that came with the visit means for the page. */
export async function affiliateAtLoad(args: {
  operator: BoundOperator;
  features: Features;
  settings: SiteSettings;
  code: string;
  domain: string;
}): Promise<AffiliateAtLoad> {
  if (!args.code || !args.features.has("AFFILIATE3")) return { action: "keep" };
  const check = await checkAffiliate(args.operator, args.code, args.domain);
  if (check.ok) return { action: "keep" };
  return pageAffiliateSetting(args.settings) === 0 ? { action: "hide" } : { action: "leave", message: check.message };
}

// ── what travels with a registration ─────────────────────────────────────────────────────

/**
 * The registration URL sent to the operator: this page's, unless it names localhost or an IP;
 * then the configured real one (REGISTER_URL, else consolidated settings `registerUrl`).
 */
export function registerUrl(request: Request, settings: Pick<SiteSettings, "registerUrl">): string {
  const url = new URL(request.url);
  const page = `${url.origin}/register`;
  if (!isLocalOrIp(url.hostname)) return page;
  const configured = config().REGISTER_URL || settings.registerUrl;
  return configured || page;
}

/** The part after the @ of customerName (merchant@username). */
export function accountOf(customerName: string | null | undefined, fallback: string): string {
  if (!customerName) return fallback;
  const at = customerName.indexOf("@");
  return at >= 0 ? customerName.slice(at + 1) : customerName;
}

// ── honeypot ─────────────────────────────────────────────────────────────────────────────

/** remix-utils' default field names (the HoneypotInputs use them too). */
export const HONEYPOT_FIELDS = { name: "name__confirm", validFrom: "from__confirm" } as const;

let honeypot: Honeypot | undefined;

/** A hidden field bots fill in, and a signed "form shown at" time (remix-utils). */
export function registerHoneypot(): Honeypot {
  return (honeypot ??= new Honeypot({
    encryptionSeed: sessionSecrets()[0],
    nameFieldName: HONEYPOT_FIELDS.name,
    validFromFieldName: HONEYPOT_FIELDS.validFrom,
  }));
}

/**
 * What a way in that may register the player (Telegram, automatic registration after a social
 * sign-in) tells the operator: where it registers, and the affiliate and referral codes this
 * browser arrived with (sub-domain or stored reg_info; the URL of a form post carries none).
 */
export async function registrationContext(request: Request, settings: Pick<SiteSettings, "registerUrl">) {
  const codes = await registerCodes(request);
  return {
    registerUrl: registerUrl(request, settings),
    domain: new URL(request.url).hostname,
    affiliateCode: codes.affiliateCode,
    referralCode: codes.referralCode,
  };
}
