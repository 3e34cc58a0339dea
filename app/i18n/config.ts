/** The six languages of the spec, by the spec's own codes. CN is the default. */
export const LOCALES = ["CN", "TW", "JA", "EN", "TH", "VI"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "CN";
/** The operator may set its default to EN or CN only (document 000, section 1). */
export const OPERATOR_DEFAULT_LOCALES: readonly Locale[] = ["CN", "EN"];

/**
 * Translation namespaces by area: `common` for the shell, notices and the error catalogue, one
 * per area for the text only its pages show. A route names its area's namespace in its handle
 * (`handle = { i18n: "auth" }`); the browser loads the namespaces of the page it opens.
 */
export const NAMESPACES = ["common", "auth", "member", "games", "contracts", "agent", "points", "lottery", "content"] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const NAMESPACE: Namespace = "common";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The Language header of the operator API: CN travels as zh_CN. */
export function operatorLanguage(locale: Locale): string {
  return locale === "CN" ? "zh_CN" : locale;
}

/** BCP 47 tag for <html lang>, number and date formatting. */
export const HTML_LANG: Record<Locale, string> = {
  CN: "zh-CN",
  TW: "zh-TW",
  JA: "ja",
  EN: "en",
  TH: "th",
  VI: "vi",
};

/** Each language named in itself, for the selector. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  CN: "简体中文",
  TW: "繁體中文",
  JA: "日本語",
  EN: "English",
  TH: "ไทย",
  VI: "Tiếng Việt",
};

/** i18next options shared by the server and the browser. */
export const i18nOptions = {
  supportedLngs: [...LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: NAMESPACE,
  ns: [NAMESPACE] as string[],
  // Keys are the spec's own names (in_sorry_in, reg_pattern_4) and some hold dots or colons.
  keySeparator: false as const,
  nsSeparator: false as const,
  interpolation: { escapeValue: false },
  // "fallback": a component asking for ["auth", "common"] finds a key in either.
  react: { useSuspense: false, nsMode: "fallback" as const },
};
