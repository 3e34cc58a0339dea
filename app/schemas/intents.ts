/**
 * Names of the `intent` buttons shared by several forms (design convention 6). The schemas
 * check the fields an intent needs; the routes branch on the same names.
 */

/** Ask for an SMS code: only the number fields are checked (login, two-factor, reset, registration). */
export const SEND_CODE_INTENT = "send-code";

/** The bind page's two ways: bind to an existing account, or register a new one (social sign-in). */
export const BIND_INTENT = "bind";
export const AUTO_REGISTER_INTENT = "auto-register";

/** Password reset by e-mail: send the mail. */
export const MAIL_INTENT = "send-mail";
