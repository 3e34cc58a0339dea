/**
 * The two-factor methods and the fields never sent back, apart from the zod schemas of
 * verify.ts: the page draws with these, the schemas reach the browser after it (decision 043).
 */

/** Methods in the order of the spec's two-factor tabs: payeeName, sms, ga, email. */
export const VERIFY_METHODS = ["P", "S", "G", "E"] as const;
export type VerifyMethod = (typeof VERIFY_METHODS)[number];

export function isVerifyMethod(value: unknown): value is VerifyMethod {
  return typeof value === "string" && (VERIFY_METHODS as readonly string[]).includes(value);
}

/** The methods an operator named, known ones only, in tab order. */
export function offeredMethods(named: readonly string[]): VerifyMethod[] {
  const upper = new Set(named.map((m) => m.trim().toUpperCase()));
  return VERIFY_METHODS.filter((m) => upper.has(m));
}

/** Fields that are secrets or codes: never sent back, emptied after a refusal. */
export const VERIFY_HIDDEN_FIELDS = ["authCode", "verificationCode"];

/** The address of a method's tab, carrying where the player goes after the login. */
export function verifyPath(method: VerifyMethod | null, redirectTo: string) {
  const q = new URLSearchParams();
  if (method) q.set("method", method);
  if (redirectTo && redirectTo !== "/") q.set("redirectTo", redirectTo);
  const query = q.toString();
  return `/login/verify${query ? `?${query}` : ""}`;
}
