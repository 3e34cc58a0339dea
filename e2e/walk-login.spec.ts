/**
 * The login as issue 23's walk met it: the pop-up opened by a game tile's Play (laid out like
 * any other dialog, finished on a phone), the landing after a pop-up login (the game or tab
 * asked for, never the home page), one <title> per page, and the language of a guest gated
 * from an English address kept through the login.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { BASE_URL, loginForm, newMember, open, scriptsOn } from "./helpers";

const T = {
  play: /^开始游戏/,
  favourites: "我的收藏",
  username: "用户名",
  password: "密码",
  remember: "在此设备上记住我",
  login: "登录",
  sorryEn: "Sorry, please log in first.",
} as const;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, "the element is laid out").not.toBeNull();
  return b!;
}

/** The pop-up's fields and button stand one under the other, inside the dialog and the screen. */
async function expectStackedInside(page: Page, dialog: Locator) {
  const viewport = page.viewportSize()!;
  const frame = await box(dialog);
  const username = dialog.getByLabel(T.username, { exact: true });
  const password = dialog.getByLabel(T.password, { exact: true });
  const remember = dialog.getByLabel(T.remember);
  const submit = dialog.getByRole("button", { name: T.login, exact: true });
  await submit.scrollIntoViewIfNeeded();
  const parts = { username: await box(username), password: await box(password), remember: await box(remember), submit: await box(submit) };
  for (const [name, b] of Object.entries(parts)) {
    expect(b.x, `${name} starts inside the dialog`).toBeGreaterThanOrEqual(frame.x - 0.5);
    expect(b.x + b.width, `${name} ends inside the dialog`).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
    expect(b.x + b.width, `${name} ends inside the screen`).toBeLessThanOrEqual(viewport.width);
  }
  // Stacked: the password under the username, as wide; Remember me and Log in under both.
  expect(parts.password.y).toBeGreaterThanOrEqual(parts.username.y + parts.username.height);
  expect(Math.abs(parts.password.width - parts.username.width)).toBeLessThanOrEqual(1);
  expect(parts.username.width).toBeGreaterThan(frame.width / 2);
  expect(parts.remember.y).toBeGreaterThanOrEqual(parts.password.y + parts.password.height);
  expect(parts.submit.y).toBeGreaterThanOrEqual(parts.password.y + parts.password.height);
  await expect(submit).toBeInViewport();
}

test.describe("the pop-up login from a game's Play", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width}×${viewport.height} it is laid out like any dialog and the login lands on the game's page`, async ({
      page,
    }, testInfo) => {
      const account = await newMember("wlk", "Walk12345", { nickname: "Walk" });
      await page.setViewportSize(viewport);
      await open(page, "/electron?page=SLO", testInfo);
      const tile = page.locator(".game-tile").first();
      const play = tile.getByRole("button", { name: T.play });

      if (scriptsOn(testInfo)) {
        await play.click();
        const dialog = page.getByRole("dialog");
        await expect(dialog.getByLabel(T.username, { exact: true })).toBeFocused();
        await expectStackedInside(page, dialog);
        await dialog.getByLabel(T.username, { exact: true }).fill(account.username);
        await dialog.getByLabel(T.password, { exact: true }).fill(account.password);
        await dialog.getByRole("button", { name: T.login, exact: true }).click();
        await expect(page).toHaveURL(`${BASE_URL}/electron?page=SLO`);
        await expect(page.getByTestId("nickname")).toHaveText(account.nickname);
        await expect(page.getByRole("dialog")).toHaveCount(0);
      } else {
        // Without scripts Play posts (a new-window game's form into a new tab), and a guest is
        // sent to the login page, which leads back to the lobby.
        const newWindow = (await tile.locator("form.play-form").first().getAttribute("target")) === "_blank";
        const [tab] = await Promise.all([newWindow ? page.waitForEvent("popup") : Promise.resolve(page), play.click()]);
        await expect(tab).toHaveURL(`${BASE_URL}/login?redirectTo=${encodeURIComponent("/electron?page=SLO")}`);
        const f = loginForm(tab);
        await f.username.fill(account.username);
        await f.password.fill(account.password);
        await f.submit.click();
        await expect(tab).toHaveURL(`${BASE_URL}/electron?page=SLO`);
        await expect(tab.getByTestId("nickname")).toHaveText(account.nickname);
      }
    });
  }
});

test.describe("where a login lands", () => {
  test("the Favourites tab's login lands on the Favourites tab", async ({ page }, testInfo) => {
    const account = await newMember("wlk", "Walk12345", { nickname: "Walk" });
    await open(page, "/electron?page=SLO", testInfo);
    await page.getByRole("link", { name: T.favourites, exact: true }).click();
    const scope = scriptsOn(testInfo) ? page.getByRole("dialog") : page.locator("form#login");
    if (!scriptsOn(testInfo)) {
      await expect(page).toHaveURL(`${BASE_URL}/login?redirectTo=${encodeURIComponent("/electron?page=favGameList")}`);
    }
    await scope.getByLabel(T.username, { exact: true }).fill(account.username);
    await scope.getByLabel(T.password, { exact: true }).fill(account.password);
    await scope.getByRole("button", { name: T.login, exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/electron?page=favGameList`);
    await expect(page.getByTestId("nickname")).toHaveText(account.nickname);
  });

  test("a player who opens /login?redirectTo= goes to the target, and home for a target off the site", async ({ page }, testInfo) => {
    const account = await newMember("wlk", "Walk12345", { nickname: "Walk" });
    await open(page, "/login", testInfo);
    const f = loginForm(page);
    await f.username.fill(account.username);
    await f.password.fill(account.password);
    await f.submit.click();
    await expect(page).toHaveURL(`${BASE_URL}/`);

    await open(page, `/login?redirectTo=${encodeURIComponent("/electron?page=favGameList")}`, testInfo);
    await expect(page).toHaveURL(`${BASE_URL}/electron?page=favGameList`);
    await open(page, `/login?redirectTo=${encodeURIComponent("//evil.example/x")}`, testInfo);
    await expect(page).toHaveURL(`${BASE_URL}/`);
  });
});

test.describe("the page's title", () => {
  test("every page has exactly one <title>, the error title only on an error page", async ({ page }, testInfo) => {
    for (const path of ["/", "/login", "/register", "/electron?page=SLO", "/forgot-password"]) {
      await open(page, path, testInfo);
      await expect(page.locator("head title"), path).toHaveCount(1);
      await expect(page, path).not.toHaveTitle(/服务器出错了|页面不存在/);
    }
    await open(page, "/no-such-page-here", testInfo);
    await expect(page.locator("head title")).toHaveCount(1);
    await expect(page).toHaveTitle(/页面不存在/);
  });
});

test.describe("the language through the gate", () => {
  test("a guest gated from an English address reads the login in English and lands on the English page", async ({ page }, testInfo) => {
    const account = await newMember("wlk", "Walk12345", { nickname: "Walk" });
    await open(page, "/member?lng=EN", testInfo);
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.locator("html")).toHaveAttribute("data-locale", "EN");
    await expect(page.getByText(T.sorryEn)).toBeVisible();
    const f = loginForm(page);
    await f.username.fill(account.username);
    await f.password.fill(account.password);
    await f.submit.click();
    await expect(page).toHaveURL(`${BASE_URL}/member?lng=EN`);
    await expect(page.locator("html")).toHaveAttribute("data-locale", "EN");
    // The language stays for the rest of the visit, not only on the address that asked for it.
    await open(page, "/", testInfo);
    await expect(page.locator("html")).toHaveAttribute("data-locale", "EN");
  });

  test("a guest on an English lobby logs in from the Favourites tab in English and stays in English", async ({ page }, testInfo) => {
    const account = await newMember("wlk", "Walk12345", { nickname: "Walk" });
    await open(page, "/electron?page=SLO&lng=EN", testInfo);
    await page.getByRole("link", { name: "Favourites", exact: true }).click();
    // With scripts the pop-up over the lobby, without them the login page.
    const scope = scriptsOn(testInfo) ? page.getByRole("dialog") : page.locator("main");
    await expect(scope.getByText(T.sorryEn)).toBeVisible();
    await scope.getByLabel("Username", { exact: true }).fill(account.username);
    await scope.getByLabel("Password", { exact: true }).fill(account.password);
    await scope.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/electron?page=favGameList`);
    await expect(page.getByTestId("nickname")).toHaveText(account.nickname);
    await expect(page.locator("html")).toHaveAttribute("data-locale", "EN");
  });
});
