/**
 * The merchant's settings as the portal reads them: consolidated settings and whitelabel
 * switches (both cached for 3 minutes by the client, shared by every visitor since they carry
 * no token), the live status, and what several pages draw from them.
 */
import type { SiteSettings, SiteStatus } from "~/operator/answers";
import { operatorClient } from "~/operator/operator.server";
import { DEFAULT_LOCALE, isLocale, LOCALES, OPERATOR_DEFAULT_LOCALES, type Locale } from "~/i18n/config";
import { decryptCustomerServicePath } from "~/lib/des";
import { Features } from "~/lib/features";
import { config } from "~/server/config.server";

export type { SiteSettings, SiteStatus };

export function loadSettings(locale: Locale): Promise<SiteSettings> {
  return operatorClient().call("settings", { language: locale });
}

export async function loadFeatures(locale: Locale): Promise<Features> {
  const wl = await operatorClient().call("whitelabel", { language: locale });
  return new Features(wl.features ?? {});
}

export function loadStatus(locale: Locale): Promise<SiteStatus> {
  return operatorClient().call("status", { language: locale });
}

/** The languages the operator offers, in the portal's order of codes; all six when it names none. */
export function offeredLanguages(settings: Pick<SiteSettings, "languages">): Locale[] {
  const offered = (settings.languages ?? []).filter(isLocale);
  return offered.length ? offered : [...LOCALES];
}

/** The operator's default language: CN, or EN when the operator set it so. */
export async function operatorDefaultLocale(): Promise<Locale> {
  try {
    const lng = (await loadSettings(DEFAULT_LOCALE)).defaultLanguage;
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
  const override = config().LOGIN_POP;
  if (override) return override === "1";
  return settings.shellSet?.loginPop !== false;
}

export interface ServiceLink {
  name: string;
  url: string;
}

/**
 * The consolidated settings' customer-service entries that lead somewhere: an entry's url or
 * (encrypted) path, kept when it is an http(s) address. An entry that does not decrypt is left
 * out rather than shown broken. Entries naming club labels (labelIds) are for those labels: a
 * player whose label has entries gets those, everyone else the entries without a label
 * (document 001, section 5).
 */
export function customerServiceLinks(entries: unknown, clubLabelId?: string | null): ServiceLink[] {
  if (!Array.isArray(entries)) return [];
  const records = entries.filter((entry): entry is Record<string, unknown> => Boolean(entry) && typeof entry === "object");
  const labelsOf = (e: Record<string, unknown>) => (Array.isArray(e.labelIds) ? e.labelIds.map(String) : []);
  const own = clubLabelId ? records.filter((e) => labelsOf(e).includes(clubLabelId)) : [];
  const chosen = own.length ? own : records.filter((e) => labelsOf(e).length === 0);
  return chosen.flatMap((e) => {
    const name = [e.name, e.title, e.csType].find((v): v is string => typeof v === "string" && v !== "");
    const raw = [e.url, e.path].find((v): v is string => typeof v === "string" && v !== "");
    if (!raw) return [];
    try {
      const url = decryptCustomerServicePath(raw);
      return /^https?:\/\//i.test(url) ? [{ name: name ?? url, url }] : [];
    } catch {
      return [];
    }
  });
}
