/**
 * The feedback form's question types, lengths and message keys, apart from its schema: the form
 * reads these as it draws, the schema reaches the browser after the page (decision 043).
 */

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
