/**
 * The shell on every page (issue 9): the main game menu opens by hover and by keyboard focus on a
 * desktop without scripts (CSS :hover and :focus-within); on a phone the header is one row and
 * the menu, game groups included, opens from the <details> button; the agent entry only for an
 * agent kind of isAgent; the merchant's theme stylesheet linked with its version.
 */
import { expect, test, type Page } from "@playwright/test";
import { AGENT, BASE_URL, loginAs, open, OPERATOR_URL, PLAYER } from "./helpers";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The reference operator's lanes (CN): live first with 3 vendors, slots last with 5 (the long layout). */
const LIVE = "真人视讯";
const SLOTS = "电子游戏";

/** "#0d1117" → "rgb(13, 17, 23)", as getComputedStyle answers. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;

/** The reference operator's image CDN list of the status (the journeys' portal keeps nothing cached: OPERATOR_CACHE_MS=0). */
async function setImageCdns(imageCDNs: string[]) {
  const res = await fetch(`${OPERATOR_URL}/__reference/cdns`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ imageCDNs }),
  });
  expect(res.ok).toBe(true);
}

const menuBar = (page: Page) => page.getByRole("navigation", { name: "游戏菜单" });
const group = (page: Page, title: string) =>
  menuBar(page).locator(".game-menu__item--group", { has: page.getByRole("link", { name: title }) });

test.describe("the game menu on a desktop", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(DESKTOP);
  });

  test("a group's vendors open on hover and close when the pointer leaves", async ({ page }, testInfo) => {
    await open(page, "/", testInfo);
    const live = group(page, LIVE);
    const panel = live.locator(".game-menu__panel");
    await expect(panel).toBeHidden();
    await live.getByRole("link", { name: LIVE }).hover();
    await expect(panel).toBeVisible();
    const dragon = panel.getByRole("link", { name: /Dragon Gate Live/ });
    await expect(dragon).toHaveAttribute("href", "/live?page=DGL");
    // The rebate badge, and the icon on the operator's origin (no image CDN in the demo).
    await expect(dragon).toContainText("1.2%");
    await expect(dragon.locator("img")).toHaveAttribute("src", /^http:\/\/127\.0\.0\.1:\d+\/res\/vendors\/DGL\.svg$/);
    await page.mouse.move(640, 700);
    await expect(panel).toBeHidden();
  });

  test("more than four vendors give the long layout, in columns", async ({ page }, testInfo) => {
    await open(page, "/", testInfo);
    const slots = group(page, SLOTS);
    await expect(slots).toHaveClass(/game-menu__item--long/);
    await expect(group(page, LIVE)).not.toHaveClass(/game-menu__item--long/);
    await slots.getByRole("link", { name: SLOTS }).hover();
    const items = slots.locator(".game-menu__children > li");
    await expect(items).toHaveCount(5);
    const [first, second] = [(await items.nth(0).boundingBox())!, (await items.nth(1).boundingBox())!];
    // Side by side: the second vendor starts to the right of the first, on the same line.
    expect(second.x).toBeGreaterThan(first.x + first.width - 1);
    expect(Math.abs(second.y - first.y)).toBeLessThan(2);
    // A vassalage vendor opens its games' list.
    await expect(slots.getByRole("link", { name: /Mythic Reels/ })).toHaveAttribute("href", "/games/vendor/MYR");
  });

  test("keyboard focus opens a group's vendors, and they can be reached with Tab", async ({ page }, testInfo) => {
    await open(page, "/", testInfo);
    const live = group(page, LIVE);
    const panel = live.locator(".game-menu__panel");
    await menuBar(page).getByRole("link", { name: "首页" }).focus();
    await expect(panel).toBeHidden();
    await page.keyboard.press("Tab");
    await expect(live.getByRole("link", { name: LIVE })).toBeFocused();
    await expect(panel).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("link", { name: /Dragon Gate Live/ })).toBeFocused();
    await expect(panel).toBeVisible();
    // Past the last vendor, the next group takes the focus and this panel closes.
    for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
    await expect(panel).toBeHidden();
    await expect(group(page, "体育").locator(".game-menu__panel")).toBeVisible();
  });

  test("icons given as paths go on an image CDN when the status names one", async ({ page }, testInfo) => {
    await setImageCdns(["https://cdn.example.test/img/"]);
    try {
      await open(page, "/", testInfo);
      await expect(group(page, LIVE).locator('a[data-vendor="DGL"] img')).toHaveAttribute(
        "src",
        "https://cdn.example.test/img/res/vendors/DGL.svg",
      );
    } finally {
      await setImageCdns([]);
    }
  });

  test("a vendor's link leads to its lobby", async ({ page }, testInfo) => {
    await open(page, "/", testInfo);
    await group(page, LIVE).getByRole("link", { name: LIVE }).hover();
    await group(page, LIVE)
      .getByRole("link", { name: /Lotus Vista Live/ })
      .click();
    await expect(page).toHaveURL(`${BASE_URL}/live?page=LVL`);
  });

  test("the agent entry is absent for a guest and a member, present for an agent", async ({ page }, testInfo) => {
    await open(page, "/", testInfo);
    await expect(menuBar(page)).toBeVisible();
    await expect(page.getByTestId("menu-agent")).toHaveCount(0);
    await loginAs(page, PLAYER, testInfo);
    await expect(menuBar(page)).toBeVisible();
    await expect(page.getByTestId("menu-agent")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "代理中心" })).toHaveCount(0);
    await page.context().clearCookies();
    await loginAs(page, AGENT, testInfo);
    await expect(page.getByTestId("menu-agent")).toHaveAttribute("href", "/agent");
  });
});

test.describe("the header on a phone", () => {
  test("is one row, and its menu opens from the button with the game groups inside", async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await open(page, "/", testInfo);
    const header = page.locator("header.site-header");
    expect((await header.boundingBox())!.height).toBeLessThan(72);
    // The desktop bar is not drawn; the phone's list is behind the button.
    await expect(menuBar(page)).toBeHidden();
    const list = header.locator(".game-menu-list");
    await expect(list).toBeHidden();
    await header.locator(".header-menu-toggle > summary").click();
    await expect(list).toBeVisible();
    expect((await header.boundingBox())!.height).toBeLessThan(72);

    // One markup for bar and list (issue 25): the list names each group once (its <details>), not its bar link too.
    await expect(list.getByText(SLOTS, { exact: true }).filter({ visible: true })).toHaveCount(1);
    const slots = list.locator("li.game-menu__item", { has: page.locator("summary", { hasText: SLOTS }) });
    const lucky = slots.getByRole("link", { name: /Lucky Forge/ });
    await expect(lucky).toBeHidden();
    await slots.locator("summary").click();
    await expect(lucky).toBeVisible();
    await expect(lucky).toHaveAttribute("href", "/electron?page=LKF");
    await expect(slots.getByRole("link", { name: `全部${SLOTS}` })).toHaveAttribute("href", "/electron");
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test("a player's header is one row; the agent entry is absent from a member's menu", async ({ page }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);
    await page.setViewportSize(PHONE);
    await open(page, "/", testInfo);
    const header = page.locator("header.site-header");
    expect((await header.boundingBox())!.height).toBeLessThan(72);
    await header.locator(".header-menu-toggle > summary").click();
    await expect(header.locator(".game-menu-list")).toBeVisible();
    await expect(header.getByRole("link", { name: "代理中心" })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "会员中心" })).toBeVisible();
  });
});

test("the merchant's theme stylesheet is linked after app.css, with its version", async ({ page, request }, testInfo) => {
  await open(page, "/login", testInfo);
  const hrefs = await page.locator('head link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""));
  const theme = hrefs.findIndex((href) => /^\/resources\/theme\.css\?v=[0-9a-f]{16}$/.test(href));
  expect(theme).toBeGreaterThan(-1);
  expect(theme).toBe(hrefs.length - 1);
  const response = await request.get(hrefs[theme]);
  expect(response.headers()["content-type"]).toBe("text/css; charset=utf-8");
  expect(response.headers()["cache-control"]).toBe("public, max-age=300");
  const css = await response.text();
  expect(css).toMatch(/:root\{[^{}]*\}/);
  // The merchant's colours win over app.css's default: the page and its text are drawn in them.
  const role = (name: string) => rgb(css.match(new RegExp(`${name}:(#[0-9a-f]{6})`))![1]);
  const colours = await page.evaluate(() => ({
    background: getComputedStyle(document.body).backgroundColor,
    text: getComputedStyle(document.documentElement).color,
  }));
  expect(colours.background).toBe(role("--bg"));
  expect(colours.text).toBe(role("--text"));
});
