/**
 * Asking the operator for an SMS code, shared by SMS login, two-factor, password reset and
 * registration. The portal keeps when a code went out (per browser and purpose), so a resend is
 * refused before the countdown ends even when no script runs, with the seconds left; and a
 * verification with no code sent is answered 'code expired' without a round trip. A code the
 * operator refused releases the block (document 000, section 4: a failure resets the button):
 * a player who mistyped may ask for another at once, while the code itself stays live for
 * another try as long as the operator keeps it.
 */
import { OperatorError } from "~/operator/errors";
import { readLoginState, updateLoginState } from "~/server/login-state.server";

export type SmsPurpose = "login" | "register" | "password" | "verify";

/** When the answer names no expiredMinutes: the 120 s of the login and register variants. */
export const DEFAULT_SMS_COUNTDOWN_S = 120;

export type SmsRequestResult =
  { status: "sent"; secondsLeft: number } | { status: "wait"; secondsLeft: number } | { status: "failed"; error: OperatorError };

/** Seconds until another code may be asked for from this browser; 0 when it may now. */
export async function smsSecondsLeft(deviceId: string, purpose: SmsPurpose, now = Date.now()): Promise<number> {
  const sent = (await readLoginState(deviceId)).sms?.[purpose];
  return sent ? Math.max(0, Math.ceil((Math.min(sent.until, sent.resendAt ?? Infinity) - now) / 1000)) : 0;
}

/** The operator refused the code entered: another may be asked for now (the code stays live). */
export async function releaseSmsResend(deviceId: string, purpose: SmsPurpose, now = Date.now()): Promise<void> {
  const sms = { ...(await readLoginState(deviceId)).sms };
  const sent = sms[purpose];
  if (!sent) return;
  sms[purpose] = { ...sent, resendAt: now };
  await updateLoginState(deviceId, { sms });
}

/** Whether a code for the purpose (and number, when given) was sent and has not run out. */
export async function smsCodeLive(deviceId: string, purpose: SmsPurpose, mobile?: string, now = Date.now()): Promise<boolean> {
  const sent = (await readLoginState(deviceId)).sms?.[purpose];
  return Boolean(sent && sent.until > now && (mobile === undefined || sent.mobile === mobile));
}

/** Forgets the code of a purpose once it has been used. */
export async function forgetSmsCode(deviceId: string, purpose: SmsPurpose): Promise<void> {
  const sms = { ...(await readLoginState(deviceId)).sms };
  delete sms[purpose];
  await updateLoginState(deviceId, { sms });
}

/**
 * Sends a code through `send` (the operator call of the purpose) unless one went out too
 * recently. The countdown is the answer's expiredMinutes × 60 s; the operator's own
 * "too frequent" answer (value.retryAfterSeconds) is honoured too.
 */
export async function requestSmsCode(args: {
  deviceId: string;
  purpose: SmsPurpose;
  mobile: string;
  send: () => Promise<{ expiredMinutes?: number | string | null } | null | undefined>;
  now?: () => number;
}): Promise<SmsRequestResult> {
  const now = args.now ?? Date.now;
  const waiting = await smsSecondsLeft(args.deviceId, args.purpose, now());
  if (waiting > 0) return { status: "wait", secondsLeft: waiting };
  try {
    const answer = await args.send();
    const minutes = Number(answer?.expiredMinutes);
    const seconds = Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes * 60) : DEFAULT_SMS_COUNTDOWN_S;
    await remember(args.deviceId, args.purpose, args.mobile, now(), seconds);
    return { status: "sent", secondsLeft: seconds };
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    const retry = Number((error.value as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds);
    if (Number.isFinite(retry) && retry > 0) {
      await remember(args.deviceId, args.purpose, args.mobile, now(), retry);
      return { status: "wait", secondsLeft: retry };
    }
    return { status: "failed", error };
  }
}

async function remember(deviceId: string, purpose: SmsPurpose, mobile: string, sentAt: number, seconds: number) {
  const sms = { ...(await readLoginState(deviceId)).sms, [purpose]: { mobile, sentAt, until: sentAt + seconds * 1000 } };
  await updateLoginState(deviceId, { sms });
}
