/** System and content settings: /wps/system/*, /wps/captcha. */
import { WHITELABEL_FEATURES } from "../catalog";
import { captchaImageBase64 } from "../session/captcha-image";
import { fail, ok, type RouteContext, type RouteDef } from "../http";
import { socialSettings } from "../session/social";

function merchantOf(ctx: RouteContext) {
  const merchant = ctx.runtime.store.merchant(ctx.merchantCode);
  // The server checked the Merchant header before the handler ran.
  if (!merchant) throw new Error(`merchant ${ctx.merchantCode} vanished`);
  return merchant;
}

function pageAffiliate(ctx: RouteContext): number {
  const row = ctx.runtime.store.db.prepare("SELECT value FROM meta WHERE key = 'page_affiliate'").get() as { value: string } | undefined;
  return row ? Number(row.value) : 0;
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
        logoUrl: merchant.logo_url,
        resources: [],
        customerService: [],
        registerUrl: merchant.register_url,
        // What a registration page does with a referral code that fails its check (document 000, section 5).
        pageAffiliate: pageAffiliate(ctx),
        // The shell settings of the original builds (kept there in local storage): whether a guest
        // who clicks a gated entry gets the pop-up login.
        shellSet: { loginPop: true },
        ...socialSettings(ctx),
      });
    },
  },
  {
    method: "GET",
    path: "/wps/system/status",
    access: "merchant",
    handler(ctx) {
      const merchant = merchantOf(ctx);
      return ok({
        maintenance: merchant.maintenance === 1,
        regionRestriction: merchant.region_restriction === 1,
        maintenanceStart: merchant.maintenance_start,
        maintenanceEnd: merchant.maintenance_end,
      });
    },
  },
  {
    method: "GET",
    path: "/wps/system/whitelabel",
    access: "merchant",
    handler(ctx) {
      const stored = ctx.runtime.store.features(ctx.merchantCode);
      // Every known switch appears; one missing from the table counts as off.
      const features: Record<string, boolean> = {};
      for (const name of WHITELABEL_FEATURES) features[name] = stored[name] ?? false;
      return ok({ features: { ...stored, ...features }, menus: [] });
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
    method: "GET",
    path: "/wps/system/setting/register",
    access: "merchant",
    handler(ctx) {
      return ok(
        ctx.runtime.store.registerRules(ctx.merchantCode).map((rule) => ({
          key: rule.field_key,
          type: rule.type,
          required: rule.required === 1,
          enabled: rule.enabled === 1,
          minLength: rule.min_length,
          maxLength: rule.max_length,
          acceptedPattern: rule.accepted_pattern,
          patternId: rule.pattern_id,
          message: rule.message,
        })),
      );
    },
  },
  {
    method: "GET",
    path: "/wps/captcha",
    access: "merchant",
    handler(ctx) {
      const deviceId = ctx.url.searchParams.get("deviceId")?.trim() ?? "";
      if (deviceId === "") return fail(ctx.lang, "captcha.device.required", { status: 400 });
      const answer = ctx.runtime.store.issueCaptcha(deviceId, ctx.runtime.now());
      return ok(captchaImageBase64(answer));
    },
  },
];
