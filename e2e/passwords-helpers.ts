/** Pieces shared by the password journeys: members of their own, texts, form helpers. */
import { expect, type Page, type Response, type TestInfo } from "@playwright/test";
import { OPERATOR_URL } from "./helpers";

/** What the player reads, from public/locales/CN/common.json. */
export const PW = {
  changePassword: "修改密码",
  cpwTitle: "请先修改密码",
  reasonExpired: "您的密码已过期，修改密码后才能继续使用。",
  changed: "密码已修改。",
  oldPassword: "原密码",
  newPassword: "新密码",
  confirmNewPassword: "确认新密码",
  mismatch: "两次输入的密码不一致。",
  weak: "密码须为6至16位字符。",
  oldIncorrect: "密码不正确。",
  accountIncorrect: "账号不正确。",
  emailIncorrect: "邮箱不正确。",
  codeExpired: "验证码已过期，请重新获取。",
  badMobile: "请输入正确的手机号码。",
  codeSent: "验证码已发送。",
  username: "用户名",
  email: "邮箱",
  mobile: "手机号码",
  smsCode: "短信验证码",
  byEmail: "邮箱找回",
  submit: "提交",
  sendCode: "获取验证码",
  reset: "重置密码",
  mailSent: "如果账号与邮箱匹配，重置密码的邮件已发出，请查收。",
  resetDone: "密码已重置，请使用新密码登录。",
} as const;

let serial = 0;

/** A member of this journey alone; usernames are 6–13 letters or digits, mobiles 11 digits. */
export async function createMember(
  testInfo: TestInfo,
  fields: { password: string; passwordExpired?: boolean; email?: string; withMobile?: boolean },
): Promise<{ username: string; password: string; nickname: string; mobile?: string }> {
  const stamp = `${Date.now() % 1e7}`.padStart(7, "0");
  const n = `${testInfo.project.name === "scripts-off" ? 1 : 0}${++serial % 100}`.padStart(3, "0");
  const username = `pe${stamp}${n}`;
  const mobile = fields.withMobile ? `137${stamp}${n.slice(-1)}` : undefined;
  const res = await fetch(`${OPERATOR_URL}/__reference/members`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      username,
      password: fields.password,
      passwordExpired: fields.passwordExpired ?? false,
      email: fields.email,
      mobile,
    }),
  });
  const body = (await res.json()) as { success: boolean };
  if (!body.success) throw new Error(`member ${username}: ${JSON.stringify(body)}`);
  return { username, password: fields.password, nickname: username, mobile };
}

/** The latest password-reset code the reference operator "sent" to the number. */
export async function passwordCode(mobile: string): Promise<string | undefined> {
  const res = await fetch(`${OPERATOR_URL}/__reference/codes?mobile=${encodeURIComponent(mobile)}`);
  const body = (await res.json()) as { value: { sms: Array<{ purpose: string; code: string }> } };
  return body.value.sms.filter((s) => s.purpose === "password").at(-1)?.code;
}

export const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
export const fieldError = (page: Page, name: string) => page.locator(`.field:has(input[name="${name}"]) .field__error`);

/** Clicks a submit button and resolves with the answer to the POST it makes. */
export async function submitWith(page: Page, button: ReturnType<Page["locator"]>, path: string): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === path),
    button.click(),
  ]);
  return response;
}

/** The message beside each field and its line in the error summary. */
export async function expectFieldErrors(page: Page, errors: Array<{ name: string; label: string; message: string }>) {
  const summary = page.locator(".error-summary");
  await expect(summary).toBeVisible();
  for (const { name, label, message } of errors) {
    await expect(fieldError(page, name)).toHaveText(message);
    await expect(summary.getByRole("link", { name: `${label}: ${message}` })).toBeVisible();
  }
}
