/** System settings: /wps/system/* (consolidated settings, status, whitelabel switches, templates). */
import { fail, isRecord, ok, type RouteContext, type RouteDef } from "../http";
import { appResources, downloadGuideFor } from "../content";
import { customerServiceEntries, customerServiceRoutes } from "./customer-service";
import { domainRouteRoutes, domainRoutes } from "./domain-routes";
import { socialSettings } from "../session/social";
import { WHITELABEL_FEATURES } from "./seed";
import { features, logoUrlOf, merchantByCode, merchantCdns, merchantTheme, pageAffiliate, setSiteStatus } from "./store";

function merchantOf(ctx: RouteContext) {
  const merchant = merchantByCode(ctx.runtime.db, ctx.merchantCode);
  // The server checked the Merchant header before the handler ran.
  if (!merchant) throw new Error(`merchant ${ctx.merchantCode} vanished`);
  return merchant;
}

export const systemRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/wps/system/settings/consolidated",
    access: "merchant",
    handler(ctx) {
      const merchant = merchantOf(ctx);
      return ok({
        merchantCode: merchant.code,
        siteTitle: merchant.site_title,
        defaultLanguage: ctx.runtime.settings.defaultLanguage,
        languages: ["CN", "TW", "JA", "EN", "TH", "VI"],
        currency: merchant.currency,
        currencySymbol: merchant.currency_symbol,
        currencyPosition: merchant.currency_position,
        logoUrl: logoUrlOf(merchant, ctx.runtime.settings.publicUrl),
        resources: appResources(ctx.runtime.settings.publicUrl),
        downloadGuide: downloadGuideFor(ctx),
        customerService: customerServiceEntries(ctx.runtime.settings.publicUrl),
        registerUrl: merchant.register_url,
        // What a registration page does with a referral code that fails its check (document 000, section 5).
        pageAffiliate: pageAffiliate(ctx.runtime.db),
        // The shell settings of the original builds (kept there in local storage): whether a guest
        // who clicks a gated entry gets the pop-up login.
        shellSet: { loginPop: true },
        ...socialSettings(ctx),
        // The brand colours by role (decision 022).
        theme: merchantTheme(merchant),
      });
    },
  },
  {
    method: "GET",
    path: "/wps/system/status",
    access: "merchant",
    async handler(ctx) {
      const merchant = merchantOf(ctx);
      return ok({
        maintenance: merchant.maintenance === 1,
        regionRestriction: merchant.region_restriction === 1,
        maintenanceStart: merchant.maintenance_start,
        maintenanceEnd: merchant.maintenance_end,
        // Shared site information; the reference operator fills the CDN lists (empty unless a test
        // sets them) and the domain routes (operator-api.md: `value.info.domainRoute`).
        info: { ...merchantCdns(merchant), domainRoute: await domainRoutes(ctx.runtime) },
      });
    },
  },
  {
    method: "GET",
    path: "/wps/system/whitelabel",
    access: "merchant",
    handler(ctx) {
      const stored = features(ctx.runtime.db, ctx.merchantCode);
      // Every known switch appears; one missing from the table counts as off.
      const switches: Record<string, boolean> = {};
      for (const name of WHITELABEL_FEATURES) switches[name] = stored[name] ?? false;
      return ok({ features: { ...stored, ...switches }, menus: [] });
    },
  },
  {
    method: "GET",
    path: "/wps/system/templates",
    access: "merchant",
    handler() {
      return ok({ parameters: { prize_mode: "lott" } });
    },
  },
  {
    // The site's state, as a back office sets it (tests and the demo): { maintenance?, regionRestriction?,
    // maintenanceStart?, maintenanceEnd? } (ISO times or null).
    method: "POST",
    path: "/__reference/site-status",
    access: "reference",
    body: "json",
    handler(ctx) {
      const b = isRecord(ctx.body) ? ctx.body : null;
      const flag = (v: unknown) => v === undefined || typeof v === "boolean";
      const time = (v: unknown) => v === undefined || v === null || (typeof v === "string" && !Number.isNaN(Date.parse(v)));
      if (!b || !flag(b.maintenance) || !flag(b.regionRestriction) || !time(b.maintenanceStart) || !time(b.maintenanceEnd)) {
        return fail(ctx.lang, "request.invalid", { status: 400 });
      }
      setSiteStatus(ctx.runtime.db, ctx.runtime.settings.merchantCode, b as Parameters<typeof setSiteStatus>[2]);
      return ok(null);
    },
  },
  ...customerServiceRoutes,
  ...domainRouteRoutes,
];
