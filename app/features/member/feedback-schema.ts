/**
 * The feedback form's rules (document 002, section 5), for the browser and the server: sender and
 * captcha required (not_empty), the description 20 to 500 characters once trimmed, a question
 * type of the spec's codes.
 */
import { z } from "zod";

/** Question types (document 002, section 3): deposit 1, withdrawal 2, game 3, customer service 4, agent application 6, other 0. */
export const FEEDBACK_TYPES = ["1", "2", "3", "4", "6", "0"] as const;
export const FEEDBACK_MIN = 20;
export const FEEDBACK_MAX = 500;

export const FEEDBACK_MESSAGES = {
  required: "not_empty",
  length: "feedback_length",
  type: "feedback_type_required",
  senderLong: "feedback_sender_long",
  imageLogin: "feedback_image_login",
  imageType: "feedback_image_type",
  imageSize: "feedback_image_size",
} as const;

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
