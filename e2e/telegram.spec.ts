/**
 * Telegram login: the button leads to Telegram's own login page (not reachable from this
 * machine), which returns the signed fields; the portal turns them into a "continue as" form,
 * and the operator checks Telegram's signature. The return is made here with fields signed by
 * the reference operator's test bot token, exactly as Telegram would sign them.
 */
import { expect, test } from "@playwright/test";
import { signReferenceTelegramAuth } from "../server/operator/session/identity";
import { BASE_URL, open } from "./helpers";
import { setSwitches } from "./social-helpers";

const CN = {
  login: "使用 Telegram 登录",
  continueAs: (name: string) => `以 ${name} 的 Telegram 身份继续`,
  invalid: "Telegram 登录验证失败，请重试",
};

test.afterEach(async () => {
  await setSwitches({ TELEGRAMLOGIN3: true });
});

function signedReturn(username: string, tamper = false) {
  const fields = signReferenceTelegramAuth({
    id: String(Date.now() % 1_000_000_000),
    first_name: "Tele",
    username,
    auth_date: String(Math.floor(Date.now() / 1000)),
  });
  if (tamper) fields.first_name = "Mallory";
  return new URLSearchParams({ ...fields, redirectTo: "/" }).toString();
}

test.describe("Telegram login", () => {
  test("the button leads to Telegram's login page with the bot and the way back", async ({ page, request }, testInfo) => {
    await open(page, "/login", testInfo);
    const link = page.getByRole("link", { name: CN.login });
    await expect(link).toHaveAttribute("href", "/login/telegram");
    const answer = await request.get("/login/telegram", { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    const to = new URL(answer.headers().location);
    expect(to.origin + to.pathname).toBe("https://oauth.telegram.org/auth");
    expect(to.searchParams.get("bot_id")).toBe("7000000001");
    expect(to.searchParams.get("return_to")).toBe(`${BASE_URL}/login?telegram=return`);
  });

  test("signed fields coming back become a 'continue as' form; pressing it logs in (a first login registers)", async ({
    page,
  }, testInfo) => {
    const username = `tg_${Date.now().toString(36)}`;
    await open(page, `/login/telegram?${signedReturn(username)}`, testInfo);
    await expect(page).toHaveURL(/\/login\?telegram=confirm/);
    // Nothing logs in by itself: a press is needed.
    await expect(page.getByTestId("nickname")).toHaveCount(0);
    await page.getByRole("button", { name: CN.continueAs(`@${username}`) }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByTestId("nickname")).toHaveText("Tele");
  });

  test("fields whose signature does not match are refused with the operator's message", async ({ page }, testInfo) => {
    const username = `tg_${Date.now().toString(36)}x`;
    await open(page, `/login/telegram?${signedReturn(username, true)}`, testInfo);
    await page.getByRole("button", { name: CN.continueAs(`@${username}`) }).click();
    await expect(page).toHaveURL(`${BASE_URL}/login`);
    await expect(page.locator(".notice")).toHaveText(CN.invalid);
    await expect(page.getByTestId("nickname")).toHaveCount(0);
  });

  test("switched off: no button, and the return is not honoured", async ({ page, request }, testInfo) => {
    await setSwitches({ TELEGRAMLOGIN3: false });
    await open(page, "/login", testInfo);
    await expect(page.getByRole("link", { name: CN.login })).toHaveCount(0);
    expect((await request.get(`/login/telegram?${signedReturn("tg_off")}`, { maxRedirects: 0 })).status()).toBe(404);
  });
});
