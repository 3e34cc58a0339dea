/**
 * The feedback form's rules (document 002, section 5), for the browser and the server: sender and
 * captcha required (not_empty), the description 20 to 500 characters once trimmed, a question
 * type of the spec's codes.
 */
import { z } from "zod";
import { FEEDBACK_MAX, FEEDBACK_MESSAGES, FEEDBACK_MIN, FEEDBACK_TYPES } from "./feedback-messages";

const chars = (s: string) => [...s].length;

export const feedbackSchema = z.object({
  sender: z
    .string({ required_error: FEEDBACK_MESSAGES.required })
    .trim()
    .min(1, FEEDBACK_MESSAGES.required)
    .max(64, FEEDBACK_MESSAGES.senderLong),
  content: z
    .string({ required_error: FEEDBACK_MESSAGES.required })
    .trim()
    .min(1, FEEDBACK_MESSAGES.required)
    .refine((v) => chars(v) >= FEEDBACK_MIN && chars(v) <= FEEDBACK_MAX, FEEDBACK_MESSAGES.length),
  type: z.enum(FEEDBACK_TYPES, { errorMap: () => ({ message: FEEDBACK_MESSAGES.type }) }),
  captcha: z
    .string({ required_error: FEEDBACK_MESSAGES.required })
    .trim()
    .min(1, FEEDBACK_MESSAGES.required)
    .max(16, FEEDBACK_MESSAGES.required),
});
