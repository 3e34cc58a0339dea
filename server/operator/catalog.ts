/**
 * Fixed data of the reference operator: the whitelabel switch names, the demo accounts and the
 * message texts. Kept in one place so tests and later features reuse the same names.
 */

export const MERCHANT_CODE = "demo";

/** Every whitelabel switch the portal knows; the demo merchant has all of them on (seeded into merchant_features). */
export const WHITELABEL_FEATURES = [
  "REG3",
  "USERNAMEREG3",
  "MOBILENUMREG3",
  "REGMOBVERF3",
  "MOBILENUMPASSREG3",
  "UPDATEMOBILEICC3",
  "MOBILELOGIN3",
  "MOBILEVERCODELOGIN3",
  "FREEPLAY3",
  "PWDEXPFORCECHANGE3",
  "TELEGRAMLOGIN3",
  "GOOGLELOGIN3",
  "FACEBOOKLOGIN3",
  "TWITTERLOGIN3",
  "LINELOGIN3",
  "FIREBASECREATEACC3",
  "SSOMANUALREG3",
  "COMM3",
  "PTSYS3",
  "HOURSAL3",
  "DAILYSAL3",
  "DIVIDEND3",
  "REALSAL3",
  "MISSION3",
  "CHAT3",
  "FEEDBACK3",
  "INBOX3",
  "PROMO3",
  "RAFFLE3",
  "VIP3",
  "AFFILIATE3",
] as const;

export type WhitelabelFeature = (typeof WHITELABEL_FEATURES)[number];

export interface DemoAccount {
  username: string;
  password: string;
  nickname: string;
  /** Agent flag reported as member info `type`. */
  agentType: number;
  mobile: string | null;
  balance: string;
  /** VIP label name, or null for none. */
  label: string | null;
  /** Second-factor methods (E, G, S, P) required after the password, "" for none. */
  twoFactor: string;
  totpSecret: string | null;
  passwordExpired: boolean;
  /** Checked by the e-mail method (E) of the second factor. */
  email?: string;
  /** Checked by the payee-name method (P) of the second factor. */
  payeeName?: string;
}

/** Seeded accounts (only into an empty members table). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: "player01",
    password: "Player123",
    nickname: "Lucky Player",
    agentType: 0,
    mobile: "13800138000",
    balance: "12345.6789",
    label: "Gold",
    twoFactor: "",
    totpSecret: null,
    passwordExpired: false,
  },
  {
    username: "agent001",
    password: "Agent1234",
    nickname: "Agent Smith",
    agentType: 1,
    mobile: "13900139000",
    balance: "88000.5",
    label: null,
    twoFactor: "",
    totpSecret: null,
    passwordExpired: false,
  },
  {
    username: "expired01",
    password: "Expired123",
    nickname: "Expired Player",
    agentType: 0,
    mobile: null,
    balance: "0",
    label: null,
    twoFactor: "",
    totpSecret: null,
    passwordExpired: true,
  },
  {
    username: "secure01",
    password: "Secure123",
    nickname: "Secure Player",
    agentType: 0,
    mobile: null,
    balance: "0",
    label: null,
    twoFactor: "G",
    totpSecret: "JBSWY3DPEHPK3PXP",
    passwordExpired: false,
  },
  {
    // Every second-factor method, so each tab of /login/verify can be tried.
    username: "verify01",
    password: "Verify123",
    nickname: "Verify Player",
    agentType: 0,
    mobile: "13700137000",
    balance: "0",
    label: null,
    twoFactor: "PSGE",
    totpSecret: "JBSWY3DPEHPK3PXP",
    passwordExpired: false,
    email: "verify01@example.com",
    payeeName: "Zhang Wei",
  },
];

export type MessageLanguage = "zh" | "en";

/** Message text per error code. Chinese for zh_CN / TW, English otherwise (kept simple on purpose). */
export const MESSAGES: Record<string, Record<MessageLanguage, string>> = {
  "merchant.acct.setup.err": { en: "Merchant not found", zh: "商户不存在" },
  "user.or.token.invalid": { en: "Session expired, please log in again", zh: "会话已过期，请重新登录" },
  "encryption.invalid": { en: "The request could not be decrypted", zh: "请求无法解密" },
  "request.invalid": { en: "Invalid request", zh: "请求无效" },
  "request.too.large": { en: "Request body too large", zh: "请求内容过大" },
  "not.found": { en: "Not found", zh: "接口不存在" },
  "method.not.allowed": { en: "Method not allowed", zh: "不支持的请求方法" },
  "server.error": { en: "Internal server error", zh: "服务器内部错误" },
  "captcha.device.required": { en: "deviceId is required", zh: "缺少设备编号" },
  "captcha.invalid": { en: "Please enter the verification code shown", zh: "请输入图中的验证码" },
  TOO_MANY_REQUESTS: { en: "Too many requests, please try again later", zh: "请求过于频繁，请稍后再试" },
  "login.password.incorrect": { en: "Incorrect username or password", zh: "用户名或密码错误" },
  "login.sms.code.invalid": { en: "The SMS code is wrong or has expired", zh: "短信验证码错误或已过期" },
  "sms.too.frequent": { en: "A code was sent recently; please wait before asking again", zh: "验证码已发送，请稍后再试" },
  "mobile.invalid": { en: "Please enter a valid mobile number", zh: "请输入正确的手机号码" },
  "mobile.registered": { en: "This mobile number is already registered", zh: "该手机号码已注册" },
  "password.old.incorrect": { en: "The current password is incorrect", zh: "原密码不正确" },
  "password.invalid": { en: "The new password does not meet the password rule", zh: "新密码不符合密码规则" },
  "password.confirm.mismatch": { en: "The two passwords do not match", zh: "两次输入的密码不一致" },
  "password.same": { en: "The new password must differ from the current one", zh: "新密码不能与原密码相同" },
  "password.sms.code.invalid": { en: "The SMS code is wrong or has expired", zh: "短信验证码错误或已过期" },
  "email.invalid": { en: "Please enter a valid e-mail address", zh: "请输入正确的邮箱地址" },
  "username.registered": { en: "This username is already taken", zh: "该用户名已被注册" },
  "affiliate.invalid": { en: "This affiliate code does not exist", zh: "推广代码不存在" },
  "register.field.invalid": { en: "Please check the registration details", zh: "注册信息不正确，请检查" },
  "register.sms.code.invalid": { en: "The SMS code is wrong or has expired", zh: "短信验证码错误或已过期" },
  "register.password.mismatch": { en: "The two passwords do not match", zh: "两次输入的密码不一致" },
  "register.closed": { en: "Registration is closed", zh: "暂停注册" },
  "feature.disabled": { en: "This feature is not available", zh: "该功能未开放" },
  "firebase.not.configured": { en: "site not support Google Service.", zh: "本站不支持谷歌服务。" },
  "firebase.token.invalid": { en: "The sign-in could not be verified, please try again", zh: "第三方登录验证失败，请重试" },
  "social.already.bound": { en: "This sign-in is already linked to an account", zh: "该第三方账号已绑定其他账户" },
  "telegram.auth.invalid": { en: "The Telegram login could not be verified, please try again", zh: "Telegram 登录验证失败，请重试" },
  bind_customer_required: { en: "", zh: "" },
  // The portal opens the two-factor dialog itself; the original back end sends no text here.
  login_verify_required: { en: "", zh: "" },
  "login.verify.method.invalid": { en: "This verification method is not available for the account", zh: "该账号不支持此验证方式" },
  "login.verify.code.invalid": { en: "The authenticator code is wrong or has expired", zh: "身份验证器验证码错误或已过期" },
  "login.verify.email.invalid": { en: "The e-mail address does not match the account", zh: "邮箱地址与账号不符" },
  "login.verify.payee.invalid": { en: "The payee name does not match the account", zh: "收款人姓名与账号不符" },
  "login.verify.sms.invalid": { en: "The mobile number or the SMS code is wrong, or the code has expired", zh: "手机号码或短信验证码错误，或验证码已过期" },
};

export function messageFor(code: string, lang: MessageLanguage): string {
  const entry = MESSAGES[code];
  return entry ? entry[lang] : code;
}

/** Language header -> message language: Chinese for zh_CN / TW (and CN), English for any other value. */
export function messageLanguage(header: string | undefined, defaultLanguage: "CN" | "EN"): MessageLanguage {
  const value = (header ?? "").trim().toLowerCase();
  if (value === "") return defaultLanguage === "CN" ? "zh" : "en";
  return value.startsWith("zh") || value === "tw" || value === "cn" ? "zh" : "en";
}
