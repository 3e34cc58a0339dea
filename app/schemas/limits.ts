/**
 * The default form rules' lengths, patterns and messages (document 000, section 5), the numbers
 * rules.ts builds its zod fields from; apart from them, so a form that only draws its limits
 * takes no zod with it (decision 043).
 */
export const RULES = {
  loginUsername: { pattern: /^[A-Za-z0-9]+$/, min: 6, max: 13, message: "reg_pattern_4" },
  loginPassword: { min: 6, max: 16, message: "error_password" },
  verificationCode: { min: 1, max: 10, message: "enter_verification_code" },
  // The spec's length for codes, with a message of its own: beside an SMS code field the spec's
  // text would name the wrong code, and a wrong answer (captcha_incorrect) must read differently.
  captcha: { min: 1, max: 10, message: "captcha_required" },
  mobileNumber: { pattern: /^\d+$/, min: 10, max: 16, message: "error_phone_number_limit" },
  countryCode: { pattern: /^\d+$/, min: 1, max: 3, message: "error_country_code_limit" },
} as const;
