/**
 * Feedback (document 002, sections 2, 5 and 7): the page's data (captcha image, whether an image
 * may be attached) and the post, sent as multipart PUT /wps/feedback with the image as a part of
 * its own. Guests may write too; only a logged-in player may attach an image. Shared by /feedback
 * and the member centre's /member/feedback.
 */
import { parseWithZod } from "@conform-to/zod";
import { json, redirect } from "@remix-run/node";
import { captchaImage, CAPTCHA_REFRESH_MS, CAPTCHA_REUSE_MS, forgetCaptchaImage } from "~/features/auth/captcha.server";
import { loadFeatures } from "~/features/site/site.server";
import { feedbackSchema } from "~/features/member/feedback-schema";
import { FEEDBACK_MESSAGES } from "~/features/member/feedback-messages";
import { getZodConstraint } from "@conform-to/zod";
import { getLocale } from "~/i18n/i18n.server";
import { operatorFailure } from "~/operator/errors";
import { bindOperator, formFailure } from "~/operator/operator.server";
import { commitSession, deviceId, getSession } from "~/server/session.server";
import type { MemberContext } from "~/features/member/centre.server";
import type { PlayerGate } from "~/server/gate.server";
import { openUploadAction } from "~/server/upload.server";

export async function feedbackPage(request: Request, context: unknown) {
  const [session, locale, device] = await Promise.all([getSession(request), getLocale(request), deviceId(request, context)]);
  const features = await loadFeatures(locale);
  const open = features.has("FEEDBACK3");
  // ?captcha=refresh asks for a new picture (at most one a second, as the login's).
  const refresh = new URL(request.url).searchParams.get("captcha") === "refresh";
  const captcha = open
    ? await captchaImage({
        request,
        operator: bindOperator(session, locale, device.id),
        device: device.id,
        reuseForMs: refresh ? CAPTCHA_REFRESH_MS : CAPTCHA_REUSE_MS,
      })
    : null;
  const headers = new Headers();
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  return json(
    {
      open,
      captcha,
      loggedIn: Boolean(session.get("token")),
      sender: session.get("nickname") || session.get("account") || "",
      constraint: getZodConstraint(feedbackSchema),
    },
    { headers },
  );
}

/** Operator codes that belong beside a field. */
const FIELD_FOR_CODE: Record<string, [string, string]> = {
  "captcha.incorrect": ["captcha", "captcha_incorrect"],
  "feedback.content.length": ["content", FEEDBACK_MESSAGES.length],
  "feedback.type.invalid": ["type", FEEDBACK_MESSAGES.type],
  "feedback.sender.required": ["sender", FEEDBACK_MESSAGES.required],
  "image.invalid": ["file", FEEDBACK_MESSAGES.imageType],
  "feedback.image.login": ["file", FEEDBACK_MESSAGES.imageLogin],
};

/**
 * `gate`: the member centre's check, after the opening (a cross-site post is refused first) and
 * on the session it read. Without it a guest may post (the site's own /feedback).
 */
export async function sendFeedback(request: Request, context: unknown, backTo: string, gate?: PlayerGate<MemberContext>) {
  const opening = await openUploadAction(request, context, { field: "file", maxFiles: 1 });
  const { session, locale, device, headers } = opening;
  await gate?.(request, { session, locale, deviceId: device.id });
  const loggedIn = Boolean(session.get("token"));
  const features = await loadFeatures(locale);
  const submission = parseWithZod(opening.formData, { schema: feedbackSchema });
  // The captcha was read whatever happens next: the page shows a new one.
  await forgetCaptchaImage(device.id);
  const refused = (result: unknown, status = 400) => json({ result }, { status, headers });
  if (!features.has("FEEDBACK3")) return refused(submission.reply({ formErrors: ["feedback_closed"] }));
  const upload = opening.uploads.file;
  const problem = upload.problems[0]?.problem;
  const fileError = problem
    ? problem === "too_large"
      ? FEEDBACK_MESSAGES.imageSize
      : FEEDBACK_MESSAGES.imageType
    : upload.files.length && !loggedIn
      ? FEEDBACK_MESSAGES.imageLogin
      : null;
  if (submission.status !== "success" || fileError) {
    const reply = submission.reply({ hideFields: ["captcha"], ...(fileError ? { fieldErrors: { file: [fileError] } } : {}) });
    return refused(reply);
  }
  const image = upload.files[0];
  try {
    await opening.operator().call("feedback", {
      body: {
        ...submission.value,
        ...(image ? { file: new File([Buffer.from(image.bytes)], image.name, { type: image.mime }) } : {}),
      },
    });
  } catch (error) {
    const field = FIELD_FOR_CODE[operatorFailure(error).code ?? ""];
    if (field) return refused(submission.reply({ hideFields: ["captcha"], fieldErrors: { [field[0]]: [field[1]] } }));
    const { status, message } = await formFailure(request, error);
    return refused(submission.reply({ hideFields: ["captcha"], formErrors: [message] }), status);
  }
  session.flash("notice", { key: "feedback_sent" });
  headers.append("Set-Cookie", await commitSession(session));
  return redirect(backTo, { status: 303, headers });
}
