/**
 * /login/verify: the second factor of a login (document 000, sections 2-5). The login route
 * sends the player here when the operator answers login_verify_required; the methods it named
 * are tabs (links, so switching clears the inputs). The file name's `login_` keeps this page
 * out of the login page's layout: it is a page of its own, not a child of /login.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { translate } from "~/i18n/i18n.server";
import { keyForCode, OperatorError, operatorFailure } from "~/operator/errors";
import { completeLogin } from "~/features/auth/login.server";
import { formFailure } from "~/operator/operator.server";
import { loadFeatures } from "~/features/site/site.server";
import { forgetSmsCode, releaseSmsResend, requestSmsCode, smsCodeLive, smsSecondsLeft } from "~/features/auth/sms.server";
import { endPendingLogin, recordWrongFactor } from "~/features/auth/pending-login.server";
import { isVerifyMethod, VERIFY_HIDDEN_FIELDS, verifyPath } from "~/schemas/verify-methods";
import { getZodConstraint, parseWithZod, verifySchema } from "~/schemas/forms.server";
import { deviceId, getSession, lastUsernameCookie } from "~/server/session.server";
import { openAction } from "~/server/action.server";
import { backToLogin, FACTOR_FIELD, pendingOrBack, socialToBind, verifyPayload } from "./login_.verify.server";
import { SEND_CODE_INTENT } from "~/schemas/intents";
import { deferred } from "~/components/deferred";

export const handle = { i18n: "auth" };

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (session.get("token")) throw redirect("/");
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  const { pending, methods } = await pendingOrBack(session, redirectTo);
  const asked = url.searchParams.get("method");
  const method = isVerifyMethod(asked) && methods.includes(asked) ? asked : methods[0];
  const device = await deviceId(request, context);
  const headers = new Headers();
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  // The username is the player's own and helps them see which login they are finishing; the
  // password stays in server memory (app/pending-login.server.ts).
  return json(
    {
      account: pending.username,
      methods,
      method,
      smsSecondsLeft: method === "S" ? await smsSecondsLeft(device.id, "verify") : 0,
      constraint: getZodConstraint(verifySchema(method)),
    },
    { headers },
  );
}

// ── action ──────────────────────────────────────────────────────────────────────────────

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, session, locale, device, headers, operator: bind } = await openAction(request, context);
  const redirectTo = safeRedirect(formData.get("redirectTo"), "/");
  if (session.get("token")) throw redirect(redirectTo, { status: 303, headers });
  const { pending, methods } = await pendingOrBack(session, redirectTo, headers);

  const asked = formData.get("method");
  if (!isVerifyMethod(asked) || !methods.includes(asked)) throw redirect(verifyPath(null, redirectTo), { status: 303, headers });
  const method = asked;
  const intent = formData.get("intent");
  const submission = parseWithZod(formData, { schema: verifySchema(method, typeof intent === "string" ? intent : null) });

  // Codes never travel back to the browser; the other inputs are kept.
  const reply = (status: number, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}, codeSent = false) =>
    json({ result: submission.reply({ hideFields: VERIFY_HIDDEN_FIELDS, ...errors }), codeSent }, { status, headers });

  if (submission.status !== "success") return reply(400);
  const value = submission.value as Record<string, string | undefined>;
  const operator = bind();

  /** An operator refusal: the known catalogue cases, else the server's message as a form error. */
  const refused = async (thrown: unknown, field: string) => {
    const error = operatorFailure(thrown);
    // A refused code resets the code button (document 000, section 4): the player may ask for another.
    if (method === "S" && error.code === "login.verify.sms.invalid") await releaseSmsResend(device.id, "verify");
    // The password no longer holds (changed meanwhile): the login starts over.
    if (error.code === "login.password.incorrect") return backToLogin(session, { key: "in_incorrect_password" }, redirectTo, headers);
    if (error.status === 429 || error.code === "TOO_MANY_REQUESTS" || error.code === "TOO_MANY_REQUEST") {
      return reply(429, { formErrors: ["too_many_requests"] });
    }
    // The catalogue's own key reads in the page's language; an unknown refusal in the operator's words.
    const key = error.kind === "failure" ? keyForCode(error.code) : undefined;
    if (key) return reply(400, { fieldErrors: { [field]: [key] } });
    if (error.kind === "failure" && error.serverMessage) return reply(400, { fieldErrors: { [field]: [error.serverMessage] } });
    const { status, message } = await formFailure(request, error);
    return reply(status, { formErrors: [message] });
  };

  if (method === "S" && intent === SEND_CODE_INTENT) {
    const mobile = value.mobileNum!;
    const sent = await requestSmsCode({
      deviceId: device.id,
      purpose: "verify",
      mobile,
      send: () =>
        operator.call("smsCodeLoginVerification", {
          body: { username: pending.username, password: pending.password, mobileNum: mobile },
        }),
    });
    if (sent.status === "sent") return reply(200, {}, true);
    if (sent.status === "wait")
      return reply(400, { formErrors: [await translate(locale, "sms_resend_wait", { seconds: sent.secondsLeft })] });
    return refused(sent.error, "mobileNum");
  }

  const field = FACTOR_FIELD[method];
  if (method === "S" && !(await smsCodeLive(device.id, "verify", value.mobileNum))) {
    return reply(400, { fieldErrors: { verificationCode: ["code expired"] } });
  }

  let answer;
  try {
    answer = await operator.call("loginVerification", { body: { ...verifyPayload(pending, method, value), ...socialToBind(session) } });
  } catch (error) {
    // A wrong factor counts; one too many ends the pending login.
    if (
      error instanceof OperatorError &&
      error.kind === "failure" &&
      error.code !== "login.password.incorrect" &&
      !(await recordWrongFactor(pending.ticket))
    ) {
      return backToLogin(session, { key: "login_verify_too_many" }, redirectTo, headers);
    }
    return refused(error, field);
  }

  if (method === "S") await forgetSmsCode(device.id, "verify");
  await endPendingLogin(session);
  headers.append(
    "Set-Cookie",
    pending.remember ? await lastUsernameCookie.serialize(pending.username) : await lastUsernameCookie.serialize("", { maxAge: 0 }),
  );
  try {
    const features = await loadFeatures(locale);
    return await completeLogin({
      request,
      session,
      locale,
      value: answer,
      username: pending.username,
      password: pending.password,
      remember: pending.remember,
      features,
      redirectTo,
      headers,
      notice: { key: "login_2fa_pass" },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    const { message } = await formFailure(request, error);
    return reply(503, { formErrors: [message] });
  }
}

// ── view ────────────────────────────────────────────────────────────────────────────────

// The view, its form and conform arrive after the page (decision 043).
export default deferred(() => import("./login_.verify.view").then((m) => m.LoginVerifyView));
