import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getLocale, translate } from "~/i18n/i18n.server";
import { operatorFailure } from "~/operator/errors";
import { defaultLoginPassword } from "~/features/auth/login.server";
import { formFailure } from "~/operator/operator.server";
import { loadPasswordRule } from "~/features/auth/passwords.server";
import { customerServiceLinks, loadSettings } from "~/features/site/site.server";
import { forgetSmsCode, requestSmsCode, smsCodeLive, smsSecondsLeft } from "~/features/auth/sms.server";
import { PASSWORD_MESSAGES, RESET_INTENT } from "~/schemas/password-rule";
import { forgotByEmailSchema, forgotBySmsSchema, getZodConstraint, parseWithZod } from "~/schemas/forms.server";
import { commitSession, deviceId, getSession } from "~/server/session.server";
import { openAction } from "~/server/action.server";
import { deferred } from "~/components/deferred";
import { MAIL_INTENT } from "~/schemas/intents";

/** The three tabs of the forgot-password dialog (document 000, section 2), SMS first. */
const TABS = ["sms", "email", "service"] as const;
type Tab = (typeof TABS)[number];

function tabOf(url: URL): Tab {
  const tab = url.searchParams.get("tab");
  return (TABS as readonly string[]).includes(tab ?? "") ? (tab as Tab) : "sms";
}

export const handle = { i18n: "auth" };

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request);
  // A player who is logged in knows the password: the change form is the way.
  if (session.get("token")) throw redirect("/change-password");
  const locale = await getLocale(request);
  const tab = tabOf(new URL(request.url));
  const device = await deviceId(request, context);
  const headers = new Headers();
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  const [rule, settings] = await Promise.all([
    tab === "sms" ? loadPasswordRule(locale) : null,
    tab === "service" ? loadSettings(locale) : null,
  ]);
  const customerService = settings ? customerServiceLinks(settings.customerService) : [];
  // The HTML constraints of the tab's form; the schemas themselves reach the browser after the page.
  const constraint =
    tab === "email"
      ? getZodConstraint(forgotByEmailSchema)
      : rule
        ? getZodConstraint(forgotBySmsSchema({ intent: RESET_INTENT, rule }))
        : {};
  return json(
    { tab, rule, secondsLeft: tab === "sms" ? await smsSecondsLeft(device.id, "password") : 0, customerService, constraint },
    { headers },
  );
}

// ── action ──────────────────────────────────────────────────────────────────────────────

type Errors = { formErrors?: string[]; fieldErrors?: Record<string, string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, session, locale, device, headers, operator: bind } = await openAction(request, context);
  if (session.get("token")) throw redirect("/change-password", 303);
  const operator = bind();
  const intent = formData.get("intent");

  /** Success: a message on the login page, where the player goes next. */
  const done = async (key: string) => {
    session.flash("notice", { key });
    headers.append("Set-Cookie", await commitSession(session));
    return redirect("/login", { status: 303, headers });
  };

  // ── by e-mail ──
  if (intent === MAIL_INTENT) {
    const submission = parseWithZod(formData, { schema: forgotByEmailSchema });
    const fail = (status: number, errors: Errors = {}) =>
      json({ result: submission.reply(errors), codeSent: false, secondsLeft: 0 }, { status, headers });
    if (submission.status !== "success") return fail(400);
    try {
      await operator.call("forgotPasswordEmail", { body: submission.value });
    } catch (thrown) {
      const error = operatorFailure(thrown);
      if (error.code === "email.invalid") return fail(400, { fieldErrors: { email: [PASSWORD_MESSAGES.email] } });
      if (error.code === "request.invalid") return fail(400, { fieldErrors: { username: [PASSWORD_MESSAGES.account] } });
      const { status, message } = await formFailure(request, error);
      return fail(status, { formErrors: [message] });
    }
    // The same answer whether or not the account and the address match: see docs/decisions.
    return done("password_mail_sent");
  }

  // ── by SMS ──
  const rule = await loadPasswordRule(locale);
  const submission = parseWithZod(formData, {
    schema: forgotBySmsSchema({ intent, rule, defaultPassword: defaultLoginPassword() }),
  });
  const reply = async (status: number, errors: Errors = {}, extra: { codeSent?: boolean } = {}) =>
    json(
      {
        result: submission.reply({ hideFields: ["verificationCode", "newPassword", "confirmNewPassword"], ...errors }),
        codeSent: Boolean(extra.codeSent),
        secondsLeft: await smsSecondsLeft(device.id, "password"),
      },
      { status, headers },
    );
  if (submission.status !== "success") return reply(400);
  const { username, mobileNumber } = submission.value;

  if (intent !== RESET_INTENT) {
    const sent = await requestSmsCode({
      deviceId: device.id,
      purpose: "password",
      mobile: mobileNumber,
      send: () => operator.call("forgotPasswordSms", { body: { username, mobileNumber } }),
    });
    if (sent.status === "sent") return reply(200, {}, { codeSent: true });
    if (sent.status === "wait") {
      headers.set("Retry-After", String(sent.secondsLeft));
      return reply(429, { formErrors: [await translate(locale, "sms_resend_wait", { seconds: sent.secondsLeft })] });
    }
    if (sent.error.code === "mobile.invalid") return reply(400, { fieldErrors: { mobileNumber: [PASSWORD_MESSAGES.mobile] } });
    const { status, message } = await formFailure(request, sent.error);
    return reply(status, { formErrors: [message] });
  }

  if (!("verificationCode" in submission.value)) return reply(400);
  const { verificationCode, newPassword, confirmNewPassword } = submission.value;
  if (!(await smsCodeLive(device.id, "password", mobileNumber))) {
    return reply(400, { fieldErrors: { verificationCode: ["code expired"] } });
  }
  try {
    await operator.call("setPasswordBySms", {
      body: { username, mobileNumber, verificationCode, newPassword, confirmNewPassword },
    });
  } catch (thrown) {
    const error = operatorFailure(thrown);
    if (error.code === "password.sms.code.invalid") {
      return reply(400, { fieldErrors: { verificationCode: [error.serverMessage || "code expired"] } });
    }
    if (error.code === "password.invalid") return reply(400, { fieldErrors: { newPassword: [rule.message] } });
    if (error.code === "password.confirm.mismatch") {
      return reply(400, { fieldErrors: { confirmNewPassword: [PASSWORD_MESSAGES.mismatch] } });
    }
    const { status, message } = await formFailure(request, error);
    return reply(status, { formErrors: [message] });
  }
  await forgetSmsCode(device.id, "password");
  return done("password_reset_done");
}

// ── view ────────────────────────────────────────────────────────────────────────────────

// The view, its form and conform arrive after the page (decision 043).
export default deferred(() => import("./forgot-password.view").then((m) => m.ForgotPasswordView));
