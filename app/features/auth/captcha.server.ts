/**
 * The captcha image of the login and registration forms: one answer per device at the operator
 * (document 000, section 4). The image shown last is kept in the browser's login state so that
 * a page drawn again within `reuseForMs` shows the picture the player is reading; a refresh is
 * honoured at most once a second (document 000, section 9).
 */
import { handleOperatorError, type BoundOperator } from "~/operator/operator.server";
import { readLoginState, updateLoginState } from "~/server/login-state.server";

/** The shortest time between two new images for one browser. */
export const CAPTCHA_REFRESH_MS = 1_000;
/** The operator keeps an answer 5 minutes; a form shown later gets a new image. */
export const CAPTCHA_REUSE_MS = 4 * 60 * 1000;

/** The image as a data: URL, or null when the operator could not give one (the form says so by its absence). */
export async function captchaImage(args: {
  request: Request;
  operator: BoundOperator;
  device: string;
  reuseForMs: number;
}): Promise<string | null> {
  const state = await readLoginState(args.device);
  if (state.captchaImage && Date.now() - (state.captchaIssuedAt ?? 0) < args.reuseForMs) return state.captchaImage;
  try {
    const base64 = await args.operator.call("captcha", { query: { deviceId: args.device } });
    const image = base64.startsWith("data:") ? base64 : `data:image/svg+xml;base64,${base64}`;
    await updateLoginState(args.device, { captchaImage: image, captchaIssuedAt: Date.now() });
    return image;
  } catch (error) {
    await handleOperatorError(args.request, error);
    return null;
  }
}

/** The operator used (or refused) the answer: the next form shows a new image. */
export async function forgetCaptchaImage(device: string): Promise<void> {
  await updateLoginState(device, { captchaImage: undefined, captchaIssuedAt: undefined });
}
