/**
 * What a player meets when a page cannot be drawn (issue #8, §5): the error page sits in the
 * site's shell (header, footer), has a title, is in the player's language, and leads home; a
 * form refused because it expired offers the form again.
 */
import { expect, test } from "@playwright/test";
import { BASE_URL, loginAs, open, PLAYER, scriptsOn, waitForHydration } from "./helpers";

const TH = { notFound: "ไม่พบหน้าที่ต้องการ", home: "กลับสู่หน้าแรก", login: "เข้าสู่ระบบ" } as const;
const CN = { expired: "表单已过期", reloadForm: "重新打开表单", home: "返回首页" } as const;
const EN = { expired: "This form has expired" } as const;

test.describe("error pages", () => {
  test("a 404 in Thai: lang th, a title, the header, the footer and a way home", async ({ page }, testInfo) => {
    const response = await open(page, "/no-such-page?lng=TH", testInfo);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
    await expect(page).toHaveTitle(new RegExp(`^${TH.notFound}`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TH.notFound);
    const header = page.locator("header.site-header");
    await expect(header).toBeVisible();
    await expect(header.getByRole("link", { name: TH.login, exact: true })).toBeVisible();
    await expect(page.locator("footer")).toBeVisible();

    await page.locator("main").getByRole("link", { name: TH.home }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
  });

  test("a 404 keeps the player's own header", async ({ page }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);
    const response = await open(page, "/member/no-such-page", testInfo);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("nickname")).toHaveText(PLAYER.nickname);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  });

  test("a form that expired: a titled page in the shell that offers the form again, which then works", async ({
    page,
    context,
  }, testInfo) => {
    await open(page, "/login", testInfo);
    const form = page.locator("form#login");
    await form.locator('input[name="username"]').fill(PLAYER.username);
    await form.locator('input[name="password"]').fill(PLAYER.password);
    // What a token that outlived its cookie looks like to the server: the form's token and no cookie to match.
    await context.clearCookies({ name: "csrf" });
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/login"),
      form.getByRole("button", { name: "登录", exact: true }).click(),
    ]);
    expect(answer.status()).toBe(403);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CN.expired);
    await expect(page).toHaveTitle(new RegExp(`^${CN.expired}`));
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page.locator("header.site-header")).toBeVisible();
    await expect(page.locator("footer")).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: CN.home })).toHaveAttribute("href", "/");

    await page.getByRole("link", { name: CN.reloadForm }).click();
    await expect(page).toHaveURL(/\/login(\?|$)/);
    if (scriptsOn(testInfo)) await waitForHydration(page);
    await form.locator('input[name="username"]').fill(PLAYER.username);
    await form.locator('input[name="password"]').fill(PLAYER.password);
    await form.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByTestId("nickname")).toHaveText(PLAYER.nickname);
  });

  test("a cross-site post gets 403 with a titled page in the asked language", async ({ request }) => {
    const response = await request.post("/login?lng=EN", {
      form: { username: PLAYER.username, password: PLAYER.password },
      headers: { "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(response.headers()["content-type"]).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toContain(`<title>${EN.expired}</title>`);
    expect(html).toMatch(/<header class="site-header"/);
    expect(html).toMatch(/<footer class="site-footer"/);
  });
});
