/**
 * The merchant's settings as the portal reads them: consolidated settings and whitelabel
 * switches (both cached for 3 minutes by the client, shared by every visitor since they carry
 * no token), and the live status.
 */
import { operatorClient } from "./operator.server";
import { DEFAULT_LOCALE, isLocale, LOCALES, OPERATOR_DEFAULT_LOCALES, type Locale } from "~/i18n/config";
import { Features } from "~/lib/features";

export interface SiteSettings {
  merchantCode: string;
  siteTitle: string;
  defaultLanguage: string;
  languages: string[];
  currency: string;
  currencySymbol: string;
  /** F or empty: symbol in front; B: behind. */
  currencyPosition: string;
  logoUrl?: string;
  /** The shell settings: loginPop opens the pop-up login when a guest clicks a gated entry. */
  shellSet?: { loginPop?: boolean };
  resources?: Array<{ resourceType?: string; url?: string | null; qrCodeUrl?: string | null }>;
}

export interface Whitelabel {
  features: Record<string, boolean>;
  menus?: unknown[];
}

export interface SiteStatus {
  maintenance: boolean;
  regionRestriction: boolean;
  maintenanceStart?: string | null;
  maintenanceEnd?: string | null;
}

export function loadSettings(locale: Locale): Promise<SiteSettings> {
  return operatorClient().call<SiteSettings>("settings", { language: locale });
}

export async function loadFeatures(locale: Locale): Promise<Features> {
  const wl = await operatorClient().call<Whitelabel>("whitelabel", { language: locale });
  return new Features(wl.features ?? {});
}

export function loadStatus(locale: Locale): Promise<SiteStatus> {
  return operatorClient().call<SiteStatus>("status", { language: locale });
}

/** The languages the operator offers, in the portal's order of codes; all six when it names none. */
export function offeredLanguages(settings: SiteSettings): Locale[] {
  const offered = (settings.languages ?? []).filter(isLocale);
  return offered.length ? offered : [...LOCALES];
}

/** The operator's default language: CN, or EN when the operator set it so. */
export async function operatorDefaultLocale(): Promise<Locale> {
  try {
    const settings = await loadSettings(DEFAULT_LOCALE);
    const lng = settings.defaultLanguage;
    return isLocale(lng) && OPERATOR_DEFAULT_LOCALES.includes(lng) ? lng : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/**
 * The spec's local shell setting loginPop: the operator's consolidated settings carry it as
 * shellSet.loginPop (on unless it says false); LOGIN_POP=0 or 1 on the portal overrides it.
 */
export function loginPopOn(settings: Pick<SiteSettings, "shellSet">): boolean {
  const override = process.env.LOGIN_POP;
  if (override === "0" || override === "1") return override === "1";
  return settings.shellSet?.loginPop !== false;
}
