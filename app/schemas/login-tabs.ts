/**
 * The login page's tabs and the fields it never sends back, apart from the login schemas: the
 * panel reads these as it draws, the schemas reach the browser after the page (decision 043).
 */

/**
 * The ways in of the login page, as `?tab=` values: username and password (always), mobile
 * number and password (MOBILELOGIN3, operator type mobileNum), mobile number and SMS code
 * (MOBILEVERCODELOGIN3, operator type sms).
 */
export const LOGIN_TABS = ["password", "sms", "mobile"] as const;
export type LoginTab = (typeof LOGIN_TABS)[number];

/** The whitelabel switch each tab needs; the username tab needs none. */
export const LOGIN_TAB_SWITCH: Record<LoginTab, string | null> = {
  password: null,
  mobile: "MOBILELOGIN3",
  sms: "MOBILEVERCODELOGIN3",
};

/** The operator's login type of each tab. */
export const LOGIN_TYPE: Record<LoginTab, "username" | "mobileNum" | "sms"> = {
  password: "username",
  mobile: "mobileNum",
  sms: "sms",
};

export function isLoginTab(value: unknown): value is LoginTab {
  return typeof value === "string" && (LOGIN_TABS as readonly string[]).includes(value);
}

/** Fields that never travel back to the browser after a refused post. */
export const SECRET_LOGIN_FIELDS = ["password", "captcha", "verificationCode"];
