import { z } from "zod";
import { loginPassword, loginUsername, verificationCode } from "./rules";

/** Username-and-password login; the captcha joins when the operator asked for one. */
export function loginSchema(options: { captchaRequired: boolean }) {
  return z.object({
    username: loginUsername,
    password: loginPassword,
    captcha: options.captchaRequired ? verificationCode : z.string().optional(),
    remember: z.boolean().optional(),
    redirectTo: z.string().optional(),
  });
}

export type LoginSubmission = z.infer<ReturnType<typeof loginSchema>>;
