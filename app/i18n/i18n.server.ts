import { createCookie } from "@remix-run/node";
import { LanguageDetector, RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LOCALE, i18nOptions, isLocale, LOCALES, NAMESPACES, type Locale } from "~/i18n/config";
import { resources } from "~/i18n/resources";
import { operatorDefaultLocale } from "~/features/site/site.server";
import { i18nFor } from "~/i18n/instances.server";

/** The chosen language, kept a year (the spec's hisLang, held as a cookie). */
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 365 * 24 * 60 * 60,
});

/** Detection: ?lng= → language cookie → the operator's default (CN, or EN when it says so). */
export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    cookie: localeCookie,
    searchParamKey: "lng",
    order: ["searchParams", "cookie", "custom"],
    findLocale: async () => operatorDefaultLocale(),
  },
  i18next: { ...i18nOptions, resources },
});

export async function getLocale(request: Request): Promise<Locale> {
  const found = await i18next.getLocale(request);
  return isLocale(found) ? found : DEFAULT_LOCALE;
}

/** ?lng= alone, read by the same rules as getLocale (case and region forgiven); "" when it names no language of ours. */
const queryDetector = new LanguageDetector({
  supportedLanguages: [...LOCALES],
  fallbackLanguage: "",
  searchParamKey: "lng",
  order: ["searchParams"],
});

/**
 * The Set-Cookie that keeps a language asked for by ?lng= for the rest of the visit, or null
 * when the address asks for none (or the cookie already holds it). Form actions and links do not
 * carry the query, so without the cookie the next post or page would fall back to the old
 * language.
 */
export async function keepAskedLocale(request: Request): Promise<string | null> {
  const asked = await queryDetector.detect(request);
  if (!isLocale(asked)) return null;
  const kept: unknown = await localeCookie.parse(request.headers.get("Cookie"));
  return kept === asked ? null : localeCookie.serialize(asked);
}

/**
 * A message the server words itself because it carries a value the view cannot know (the
 * seconds left before another SMS code). Form errors are translated again by the view, and a
 * finished text passes through t() unchanged.
 */
export async function translate(locale: Locale, key: string, values?: Record<string, unknown>): Promise<string> {
  const t = await fixedT(locale, NAMESPACES);
  return t(key, values);
}

/**
 * t for a language and namespaces, from the language's one instance (instances.server.ts).
 * remix-i18next's own getFixedT makes and initialises a new i18next instance on every call: a
 * tenth of a kept guest lobby page's CPU (issue 25) went there.
 */
export async function fixedT(locale: Locale, ns: string | readonly string[]) {
  const instance = await i18nFor(locale);
  return instance.getFixedT(locale, typeof ns === "string" ? ns : [...ns]);
}
