/**
 * Shared pieces of the registration journeys: the form's parts, the texts a player reads (CN),
 * unique names per run, and the reference operator's switches and codes.
 */
import { expect, type Page, type Response } from "@playwright/test";
import { OPERATOR_URL } from "./helpers";

export const REG_CN = {
  agreementTitle: "用户协议",
  agreementTick: "我已年满18周岁，并已阅读和同意用户协议",
  agree: "同意",
  register: "注册",
  sendCode: "获取验证码",
  codeSent: "验证码已发送。",
  tabMobile: "手机号注册",
  labels: {
    username: "用户名",
    mobileNum: "手机号码",
    verificationCode: "短信验证码",
    password: "密码",
    verifyPwd: "确认密码",
    email: "电子邮箱",
    captcha: "验证码",
    agreed: "我已年满18周岁，并已阅读和同意用户协议",
  } as Record<string, string>,
  pleaseInformation: "请正确填写信息。",
  confirmationCorrect: "两次输入的密码不一致。",
  inconsistentTwice: "两次输入不一致。",
  registerAgreed: "请阅读并同意用户协议。",
  enrightPhone: "请输入正确的手机号码。",
  usernamePattern: "用户名须为6至13位字母或数字。",
  passwordLength: "密码须为6至16位字符。",
  phoneLimit: "手机号码须为10至16位数字。",
  emailIncorrect: "邮箱不正确。",
  enterCode: "请输入验证码。",
  usernameTaken: "该用户名已被注册",
  success: (account: string, mobile: string) => `注册成功！您的账号：${account}，手机号码：${mobile}`,
} as const;

let counter = 0;
/** A username and a mobile number nobody has yet (per run and per call). */
export function uniqueMember() {
  counter += 1;
  const now = Date.now();
  return {
    username: `r${now.toString(36)}${counter % 10}`,
    mobile: `13${String(now).slice(-8)}${counter % 10}`,
  };
}

export const registerForm = (page: Page) => {
  const form = page.locator("form.register-form, form[id^='register-']");
  return {
    form,
    input: (name: string) => form.locator(`input[name="${name}"]`),
    fieldError: (name: string) => page.locator(`.field:has(input[name="${name}"]) .field__error`),
    summary: page.locator(".error-summary"),
    submit: form.getByRole("button", { name: REG_CN.register, exact: true }),
    sendCode: form.locator('button[name="intent"][value="send-code"]'),
    agreed: form.locator('input[name="agreed"]'),
  };
};

export const isRegisterPost = (response: Response) =>
  response.request().method() === "POST" && new URL(response.url()).pathname === "/register";

/** Fills the named fields (the agreement stays as it is). */
export async function fillRegister(page: Page, values: Record<string, string>) {
  const f = registerForm(page);
  for (const [name, value] of Object.entries(values)) await f.input(name).fill(value);
}

/** Messages beside each field and in the summary, and the summary's form-level message. */
export async function expectRegisterErrors(page: Page, fieldErrors: Record<string, string>, formMessage?: string) {
  const f = registerForm(page);
  await expect(f.summary).toBeVisible();
  for (const [name, message] of Object.entries(fieldErrors)) {
    await expect(f.fieldError(name)).toHaveText(message);
    await expect(f.summary.getByRole("link", { name: `${REG_CN.labels[name]}: ${message}` })).toBeVisible();
  }
  if (formMessage) await expect(f.summary.locator("li", { hasNotText: ":" }).first()).toHaveText(formMessage);
}

/** The demo merchant's registration switches, all on. */
export const REGISTER_SWITCHES_ON = {
  REG3: true,
  USERNAMEREG3: true,
  MOBILENUMREG3: true,
  REGMOBVERF3: true,
  MOBILENUMPASSREG3: true,
  AFFILIATE3: true,
};

/** The SMS code the reference operator "sent" to the number for registration. */
export async function registerSmsCode(mobile: string): Promise<string> {
  const res = await fetch(`${OPERATOR_URL}/__reference/codes?mobile=${encodeURIComponent(mobile)}`);
  const body = (await res.json()) as { value: { sms: Array<{ purpose: string; code: string }> } };
  const sms = body.value.sms.find((s) => s.purpose === "register");
  if (!sms) throw new Error(`no register code for ${mobile}`);
  return sms.code;
}

export { setFeatures } from "./helpers";
