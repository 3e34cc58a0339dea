/**
 * The message texts of the reference operator, by error code. One table for every area, so the
 * same code reads the same wherever it is answered.
 */

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
  "login.verify.sms.invalid": {
    en: "The mobile number or the SMS code is wrong, or the code has expired",
    zh: "手机号码或短信验证码错误，或验证码已过期",
  },
  // Games (document 001, section 8).
  launch_mode_invalid: { en: "This launch mode is not supported", zh: "不支持的启动方式" },
  in_need_true_account: { en: "Please register a real account to play this game", zh: "请注册正式账号后再进行游戏" },
  in_stay_tuned: { en: "This game is coming soon, stay tuned", zh: "该游戏即将上线，敬请期待" },
  game_not_found: { en: "This game does not exist", zh: "游戏不存在" },
  trial_not_supported: { en: "This game has no free trial", zh: "该游戏不支持试玩" },
  vendor_under_maintenance: { en: "This game provider is under maintenance", zh: "该游戏平台正在维护中" },
  game_maintenance: { en: "This game is under maintenance, try one of these instead", zh: "该游戏正在维护中，请试试以下游戏" },
  launch_game_balance_not_enough: { en: "Your balance is not enough to enter this game", zh: "余额不足，无法进入游戏" },
  domain_not_available: { en: "The game's line is not available right now, please try again later", zh: "游戏线路暂不可用，请稍后再试" },
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
