/**
 * The error catalogue of document 000, section 8, as typed errors. Every failure of an
 * operator call becomes one OperatorError with a `kind`; routes decide what to do from the
 * kind in one place (app/operator/operator.server.ts), never from raw codes.
 */

/** Codes that end the session: clear it and send the player home with the message. */
export const SESSION_ENDING_CODES = ["token_ip_different", "user.or.token.invalid", "login.not.session", "CUSTOMER_NOT_LOGIN"] as const;

/** Codes that never raise an alert. */
export const SILENT_CODES = ["merchant.acct.setup.err", "TOO_MANY_REQUEST", "TOO_MANY_REQUESTS"] as const;

export const VERIFY_REQUIRED_CODE = "login_verify_required";
export const BIND_REQUIRED_CODE = "bind_customer_required";

export type OperatorErrorKind =
  /** session-ending code: clear the session, home, message */
  | "session-ended"
  /** HTTP 401: message, then the session is cleared */
  | "unauthorized"
  /** silent code: no alert */
  | "silent"
  /** login_verify_required: the route opens two-factor */
  | "verify-required"
  /** bind_customer_required: the route opens bind-or-register */
  | "bind-required"
  /** HTTP 502: logged only */
  | "bad-gateway"
  /** HTTP 504 from the operator's gateway: its message or code, else the retry text */
  | "unavailable"
  /** no answer within the time-out: retry text */
  | "timeout"
  /** no connection (refused, reset, unknown host): retry text */
  | "unreachable"
  /** the feature module is switched off for this merchant; nothing was called */
  | "feature-off"
  /** a successful answer whose value is not of the endpoint's shape: retry text, logged */
  | "malformed"
  /** anything else: the server's message, code or status text */
  | "failure";

/** What the player reads: a translation key, or the server's own text. */
export type Notice = { key: string; values?: Record<string, string | number>; tone?: "info" | "error" } | { text: string };

export interface Envelope<T = unknown> {
  success: boolean;
  value: T;
  message?: string | null;
  errorCode?: string | null;
}

export class OperatorError extends Error {
  readonly kind: OperatorErrorKind;
  readonly code: string;
  readonly status: number;
  readonly value: unknown;
  readonly serverMessage: string;
  readonly statusText: string;
  /** False for background calls: their failures never alert (set by the client). */
  alerts = true;
  /** The operation that failed, for logs. */
  operation = "";
  /** The fields of a malformed answer that did not fit (paths only, no values). */
  readonly fields: string[];
  /** What the socket said for a time-out or a failed connection (ECONNREFUSED, TimeoutError…), for logs. */
  readonly causeCode: string;
  /** True when the client answered without asking: the operator failed moments ago (the circuit is open). */
  readonly failedFast: boolean;
  /**
   * True when the operator itself refused: it sent a failure envelope (success false) under a
   * status below 500, or a 401. Only then do we know it did not act (decision 035).
   */
  readonly refusal: boolean;

  constructor(init: {
    kind: OperatorErrorKind;
    code?: string;
    status?: number;
    value?: unknown;
    serverMessage?: string;
    statusText?: string;
    cause?: unknown;
    fields?: string[];
    failedFast?: boolean;
    refusal?: boolean;
  }) {
    super(init.serverMessage || init.code || init.statusText || init.kind, { cause: init.cause });
    this.name = "OperatorError";
    this.kind = init.kind;
    this.code = init.code ?? "";
    this.status = init.status ?? 0;
    this.value = init.value;
    this.serverMessage = init.serverMessage ?? "";
    this.statusText = init.statusText ?? "";
    this.fields = init.fields ?? [];
    this.causeCode = init.cause === undefined ? "" : causeCode(init.cause);
    this.failedFast = init.failedFast ?? false;
    this.refusal = init.refusal ?? false;
  }

  /** The error carries the captcha flag (document 000, section 4). */
  get captchaRequired(): boolean {
    const v = this.value as { captcha?: unknown } | null | undefined;
    return Boolean(v && typeof v === "object" && v.captcha);
  }
}

const has = (list: readonly string[], code: string | null | undefined) => !!code && list.includes(code);

/** Turns one failed answer (or a failure to get one) into a typed error. */
export function classifyFailure(input: {
  status?: number;
  statusText?: string;
  envelope?: Partial<Envelope> | null;
  cause?: unknown;
  timedOut?: boolean;
}): OperatorError {
  const { status = 0, statusText = "", envelope, cause } = input;
  const code = envelope?.errorCode ?? "";
  const refusal = !input.timedOut && !cause && (status === 401 || (status < 500 && envelope?.success === false));
  const base = {
    code,
    status,
    statusText,
    value: envelope?.value,
    serverMessage: envelope?.message ?? "",
    cause,
    refusal,
  };
  // Both give the player the same retry text; the kinds differ for the log and the reader of it.
  if (input.timedOut) return new OperatorError({ ...base, kind: "timeout" });
  if (status === 0 && cause) return new OperatorError({ ...base, kind: "unreachable" });
  if (has(SESSION_ENDING_CODES, code)) return new OperatorError({ ...base, kind: "session-ended" });
  if (code === VERIFY_REQUIRED_CODE) return new OperatorError({ ...base, kind: "verify-required" });
  if (code === BIND_REQUIRED_CODE) return new OperatorError({ ...base, kind: "bind-required" });
  if (status === 401) return new OperatorError({ ...base, kind: "unauthorized" });
  if (status === 502) return new OperatorError({ ...base, kind: "bad-gateway" });
  if (status === 504) return new OperatorError({ ...base, kind: "unavailable" });
  if (has(SILENT_CODES, code)) return new OperatorError({ ...base, kind: "silent" });
  return new OperatorError({ ...base, kind: "failure" });
}

/**
 * Operator codes whose meaning the spec names with a message key of its own: the player reads
 * the translated key rather than the operator's text.
 */
const CODE_KEYS: Record<string, string> = {
  "login.password.incorrect": "in_incorrect_password",
  // The operator's text for a wrong captcha comes in Chinese or English only, and reads like the
  // one for a missing answer: the key says it was wrong, in the player's language.
  "captcha.invalid": "captcha_incorrect",
  TOO_MANY_REQUESTS: "too_many_requests",
  TOO_MANY_REQUEST: "too_many_requests",
  // The second factor's refusals: an operator words them in Chinese or English at best, and
  // the player may be reading Thai, Vietnamese or Japanese (keys in the auth namespace).
  "login.verify.method.invalid": "verify_method_unavailable",
  "login.verify.code.invalid": "verify_code_incorrect",
  "login.verify.email.invalid": "verify_email_incorrect",
  "login.verify.payee.invalid": "verify_payee_incorrect",
  "login.verify.sms.invalid": "verify_sms_incorrect",
  "login.sms.code.invalid": "sms_code_incorrect",
};

/** The key for an operator code that has one, for routes that show it beside a field. */
export function keyForCode(code: string): string | undefined {
  return CODE_KEYS[code];
}

/**
 * The alert a failure raises, or null when the catalogue says to stay quiet. `alerts` is the
 * endpoint's flag: background calls never alert.
 */
export function noticeFor(error: OperatorError, alerts = true): Notice | null {
  switch (error.kind) {
    case "silent":
    case "bad-gateway":
    case "feature-off":
    case "verify-required":
    case "bind-required":
      return null;
    case "malformed":
    case "timeout":
    case "unreachable":
      return { key: "timeout, retry please" };
    case "unavailable":
      // 504 shows the message or the code when there is one, else the retry text.
      return error.serverMessage ? { text: error.serverMessage } : error.code ? { text: error.code } : { key: "timeout, retry please" };
    case "session-ended":
    case "unauthorized":
      return messageOf(error) ?? { key: "in_sorry_in" };
    case "failure":
      if (!alerts) return null;
      return messageOf(error) ?? (error.statusText ? { text: error.statusText } : { key: "unknown_error" });
  }
}

/** A notice as one form-level message: the key (translated by the view) or the server's text. */
export function noticeMessage(notice: Notice | null): string {
  if (!notice) return "unknown_error";
  return "key" in notice ? notice.key : notice.text;
}

function messageOf(error: OperatorError): Notice | null {
  const key = keyForCode(error.code);
  if (key) return { key };
  if (error.serverMessage) return { text: error.serverMessage };
  if (error.code) return { text: error.code };
  return null;
}

/**
 * The operator failure in a catch block; anything else (a bug, a thrown redirect) goes on up.
 * Routes write `const failure = operatorFailure(error)` instead of an instanceof test each.
 */
export function operatorFailure(error: unknown): OperatorError {
  if (error instanceof OperatorError) return error;
  throw error;
}

/** The failures of the operator's reach rather than of what it answered: no answer in time, no connection. */
export function unanswered(error: OperatorError): boolean {
  return error.kind === "timeout" || error.kind === "unreachable";
}

/**
 * Whether a call that changes something may have been acted on although we hold no refusal:
 * no answer in time, a cut or reset connection, a 5xx, or a 2xx we cannot read or of the wrong
 * shape (decision 035). A call that never left (the circuit was open, the module is off, no
 * token) and an explicit refusal are known outcomes.
 */
export function outcomeUnknown(error: OperatorError): boolean {
  if (error.failedFast || error.kind === "feature-off") return false;
  return !error.refusal;
}

/**
 * The status of a form answer after a failed call: 503 when the operator failed rather than
 * refused (no answer, a 5xx, an answer we cannot read), else 400: only the operator's own
 * refusal is the player's to correct.
 */
export function failureStatus(error: OperatorError): 400 | 503 {
  if (error.kind === "feature-off") return 400;
  return error.refusal && error.status < 500 && error.kind !== "unavailable" ? 400 : 503;
}

/**
 * The code of a failed fetch's cause: undici's TypeError "fetch failed" carries the socket's
 * error (ECONNREFUSED, ENOTFOUND, UND_ERR_SOCKET) a level or two down; a time-out is a
 * DOMException named TimeoutError. Only codes and names: a message may hold an address.
 */
export function causeCode(cause: unknown): string {
  let named = "";
  for (let c = cause, depth = 0; c && typeof c === "object" && depth < 4; c = (c as { cause?: unknown }).cause, depth++) {
    const { code, name } = c as { code?: unknown; name?: unknown };
    if (typeof code === "string" && code) return code;
    if (!named && typeof name === "string" && name !== "Error" && name !== "TypeError") named = name;
  }
  return named || (cause instanceof Error ? cause.name : typeof cause);
}
