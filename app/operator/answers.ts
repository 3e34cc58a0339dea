/**
 * The shape of each answer's `value` that the portal reads, as zod schemas the endpoint table
 * names. The client checks every successful answer against its endpoint's schema: callers get
 * typed data without casts, and an operator that answers something else becomes a catalogued
 * failure (kind "malformed": 'timeout, retry please' for the player, the field paths in the
 * log), never a crash or an `undefined` drawn on a page.
 *
 * Fields are as lenient as the spec allows (nullable where operators omit them, numbers that
 * may travel as strings) and unknown fields are dropped: a schema names what the portal uses,
 * not everything an operator sends.
 */
import { z } from "zod";

/** A number that some operators send as a string ("1", "12.5"). */
const numberish = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);
/** Money stays text end to end (decimal.js reads it); some operators send a JSON number. */
const money = z.union([z.string(), z.number()]).transform(String);
const text = z.string().nullish();
const yes = z.boolean().nullish();

// ── session ────────────────────────────────────────────────────────────────────────────

/** Every way in ends with a token (password, SMS, two-factor, social, Telegram, free play, automatic registration). */
export const loginAnswer = z.object({
  token: z.string().min(1),
  firstTimeLogin: yes,
  passwordExpired: yes,
  /** Social, Telegram and free play name the account they logged in. */
  username: text,
  /** merchant@account, after an automatic registration. */
  customerName: text,
});
export type LoginValue = z.output<typeof loginAnswer>;

export const registerAnswer = z.object({
  customerName: text,
  profile: z.object({ mobileNo: text }).nullish(),
  /** Present when the operator logged the new member in (login: true). */
  token: z.string().min(1).nullish(),
  firstTimeLogin: yes,
  passwordExpired: yes,
});
export type RegisterValue = z.output<typeof registerAnswer>;

/** The code request answers; some operators answer no value at all. */
export const smsCodeAnswer = z.object({ expiredMinutes: numberish.nullish() }).nullish();

/** A captcha image: Base64 of an SVG, or a data: URL. */
export const captchaAnswer = z.string().min(1);

// ── member ─────────────────────────────────────────────────────────────────────────────

export const memberInfoAnswer = z.object({
  id: z.union([z.string(), z.number()]),
  account: z.string().min(1),
  nickname: text,
  /** isAgent of document 000, section 3. */
  type: numberish,
  toUpline: yes,
  clubLabel: z.object({ labelName: text }).nullish(),
  memberLabel: text,
});
export type MemberInfo = z.output<typeof memberInfoAnswer>;

export const balanceAnswer = z.object({
  sumBalance: money.nullish(),
  balance: money.nullish(),
  currencySymbol: text,
});
export type Balance = z.output<typeof balanceAnswer>;

// ── system ─────────────────────────────────────────────────────────────────────────────

export const settingsAnswer = z.object({
  merchantCode: text,
  siteTitle: text,
  defaultLanguage: text,
  languages: z.array(z.string()).nullish(),
  currency: text,
  currencySymbol: text,
  /** F or empty: symbol in front; B: behind. */
  currencyPosition: text,
  logoUrl: text,
  /** The shell settings: loginPop opens the pop-up login when a guest clicks a gated entry. */
  shellSet: z.object({ loginPop: yes }).nullish(),
  resources: z.array(z.object({ resourceType: text, url: text, qrCodeUrl: text })).nullish(),
  /** Entries with a name and an (encrypted) path or url; their shape is not shown by the spec. */
  customerService: z.array(z.record(z.unknown())).nullish(),
  /** The identity service's public web configuration. */
  firebase: z.object({ apiKey: text, authDomain: text, projectId: text, emulatorUrl: text }).nullish(),
  telegram: z.object({ botId: z.union([z.string(), z.number()]).transform(String).nullish() }).nullish(),
  /** Document 000, section 5: what a refused affiliate code at page load does. */
  pageAffiliate: numberish.nullish(),
  registerUrl: text,
});
export type SiteSettings = z.output<typeof settingsAnswer>;

export const whitelabelAnswer = z.object({ features: z.record(z.boolean()).nullish() });

export const statusAnswer = z.object({
  maintenance: yes,
  regionRestriction: yes,
  maintenanceStart: text,
  maintenanceEnd: text,
});
export type SiteStatus = z.output<typeof statusAnswer>;

/** The register rules: the list itself, or wrapped as { fields: [...] }. Each rule is checked by its reader. */
export const registerSettingsAnswer = z
  .union([z.array(z.unknown()), z.object({ fields: z.array(z.unknown()) })])
  .transform((value) => (Array.isArray(value) ? value : value.fields));
