import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getLocale, translate } from "~/i18n/i18n.server";
import { operatorFailure } from "~/operator/errors";
import { defaultLoginPassword } from "~/features/auth/login.server";
import { formFailure } from "~/operator/operator.server";
import {
  checkPasswordChangeRate,
  loadPasswordRule,
  passwordChecksWait,
  sessionAfterPasswordChange,
} from "~/features/auth/passwords.server";
import { PASSWORD_MESSAGES } from "~/schemas/password-rule";
import { changePasswordSchema, getZodConstraint, parseWithZod } from "~/schemas/forms.server";
import { openAction } from "~/server/action.server";
import { passwordCheckKeys, withPasswordCheck } from "~/server/rate-limit.server";
import { commitSession, getSession, type PortalSession } from "~/server/session.server";
import { TRIAL_ACCOUNT } from "~/server/gate.server";
import { deferred } from "~/components/deferred";

const SECRET_FIELDS = ["oldPassword", "newPassword", "confirmNewPassword"];

/**
 * Forced mode (the session holds cpw) or the player's own change. With the default password
 * the portal knows the old password itself: a phone registration without one never showed it
 * to the player, so the form does not ask for it.
 */
function modeOf(session: PortalSession) {
  const forced = Boolean(session.get("cpw"));
  const defaultPasswordUsed = Boolean(session.get("defaultPasswordUsed"));
  return {
    forced,
    reason: forced ? (defaultPasswordUsed ? ("default" as const) : ("expired" as const)) : null,
    askOld: !(forced && defaultPasswordUsed),
  };
}

/**
 * A free-play account (isAgent 4) was never given a password, so it has none to change: it goes
 * home with the gate's message for trial accounts. Not requirePlayer: its forced-change redirect
 * leads here.
 */
async function refuseTrial(session: PortalSession) {
  if (Number(session.get("isAgent") ?? 0) !== TRIAL_ACCOUNT) return;
  session.flash("notice", { key: "in_please_account" });
  throw redirect("/", { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
}

export const handle = { i18n: "auth" };

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (!session.get("token")) throw redirect(`/login?redirectTo=${encodeURIComponent("/change-password")}`);
  await refuseTrial(session);
  const rule = await loadPasswordRule(await getLocale(request));
  const mode = modeOf(session);
  return json({ ...mode, rule, constraint: getZodConstraint(changePasswordSchema({ rule, askOld: mode.askOld })) });
}

// ── action ──────────────────────────────────────────────────────────────────────────────

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, session, locale, headers, operator, device } = await openAction(request, context);
  if (!session.get("token")) throw redirect(`/login?redirectTo=${encodeURIComponent("/change-password")}`, 303);
  await refuseTrial(session);
  const mode = modeOf(session);
  const rule = await loadPasswordRule(locale);
  const submission = parseWithZod(formData, {
    schema: changePasswordSchema({ rule, askOld: mode.askOld, defaultPassword: defaultLoginPassword() }),
  });
  const fail = (status: number, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) =>
    json({ result: submission.reply({ hideFields: SECRET_FIELDS, ...errors }) }, { status, headers });

  if (submission.status !== "success") return fail(400);

  // Once per 3 s per player, whatever the operator then answers: guessing the old password
  // through this form is as slow as the spec allows.
  const rate = checkPasswordChangeRate(`${session.get("merchantCode") ?? ""}:${session.get("customerId") || session.get("account")}`);
  if (!rate.allowed) {
    headers.set("Retry-After", String(rate.retryAfterS));
    return fail(429, { formErrors: [await translate(locale, "password_change_wait", { seconds: rate.retryAfterS })] });
  }

  const { newPassword, confirmNewPassword } = submission.value;
  const oldPassword = mode.askOld ? (submission.value.oldPassword ?? "") : defaultLoginPassword();
  const change = () => operator().call("changePassword", { body: { oldPassword, newPassword, confirmNewPassword } });
  try {
    // A typed old password counts towards the wrong-password limit (decision 036); the default
    // password is the portal's own, not a guess.
    const checked = mode.askOld
      ? await withPasswordCheck(passwordCheckKeys(session, device.id), change)
      : { allowed: true as const, value: await change() };
    if (!checked.allowed) {
      headers.set("Retry-After", String(checked.retryAfterS));
      return fail(429, { fieldErrors: { oldPassword: [await passwordChecksWait(locale, checked.retryAfterS)] } });
    }
  } catch (thrown) {
    const error = operatorFailure(thrown);
    const field = FIELD_FOR_CODE[error.code];
    if (field) {
      const [name, message] = field === "rule" ? ["newPassword", rule.message] : field;
      if (name === "oldPassword" && !mode.askOld) return fail(400, { formErrors: [message] });
      return fail(400, { fieldErrors: { [name]: [message] } });
    }
    const { status, message } = await formFailure(request, error);
    return fail(status, { formErrors: [message] });
  }

  // The login completes (forced mode) or goes on (own change) under a new session id.
  const next = await sessionAfterPasswordChange(session);
  next.session.flash("notice", { key: "password_changed" });
  for (const cookie of next.cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await commitSession(next.session));
  // Document 000, section 4: after the forced change the player goes to /index.
  throw redirect(mode.forced ? "/index" : "/", { status: 303, headers });
}

/** Operator codes that belong beside a field ("rule": the new password, with the rule's message). */
const FIELD_FOR_CODE: Record<string, readonly [string, string] | "rule"> = {
  "password.old.incorrect": ["oldPassword", PASSWORD_MESSAGES.oldIncorrect],
  "password.invalid": "rule",
  "password.same": ["newPassword", PASSWORD_MESSAGES.sameAsOld],
  "password.confirm.mismatch": ["confirmNewPassword", PASSWORD_MESSAGES.mismatch],
};

// ── view ────────────────────────────────────────────────────────────────────────────────

// The view, its form and conform arrive after the page (decision 043).
export default deferred(() => import("./change-password.view").then((m) => m.ChangePasswordView));
