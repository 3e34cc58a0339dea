/**
 * The lottery (issue 13, decision 034), scripts on and off: the mega-menu, a folded group's
 * list, the quick bet's game change and redraw with the bet link's bet_param per game type, the
 * countdown and --:--:-- in the lock window (the reference operator's test clock), draws as
 * balls, the lottery launch as guest, free-play account and player, the Vietnamese lottery, the
 * SEA lottery and the trend route; and, with scripts, a countdown that stays right after the
 * page was hidden for 30 s (Playwright's clock and the operator's, never by waiting).
 */
import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { BASE_URL, loginAs, loginFreePlay, OPERATOR_URL, open, PLAYER, reference, scriptsOn } from "./helpers";
import { issueAt } from "../server/operator/lottery/clock";
import { LOTTERY_GAMES } from "../server/operator/lottery/catalogue";

const load = (ns: string) => JSON.parse(readFileSync(`public/locales/CN/${ns}.json`, "utf8")) as Record<string, string>;
const T = { ...load("common"), ...load("lottery") };
const game = (code: string) => LOTTERY_GAMES.find((g) => g.gameCode === code)!;

const setClock = (offsetMs: number) => reference("/__reference/lottery", { offsetMs });
const operatorNow = async () => ((await reference("/__reference/lottery")) as { now: number }).now;

async function openedIssue(code: string) {
  const response = await fetch(`${OPERATOR_URL}/lgw/games/opened/numero?gameCode=${code}`, { headers: { Merchant: "demo" } });
  return (
    (await response.json()) as { value: { currentNumero: { numero: string; isSale: boolean; remainTime: number; lockTime: number } } }
  ).value.currentNumero;
}

/**
 * The quick bet shows the game's open issue. An issue can close between the page's read and the
 * test's: the page's must be the one open before the page was asked for (`before`) or the one
 * open now.
 */
async function expectOpenedIssue(page: Page, code: string, before: string) {
  await expect
    .poll(async () => {
      const shown = (await page.getByTestId("qb-numero").textContent()) ?? "";
      return shown.includes(before) || shown.includes((await openedIssue(code)).numero);
    })
    .toBe(true);
}

/** Seconds of an HH:MM:SS countdown. */
const seconds = (text: string) => text.split(":").reduce((sum, part) => sum * 60 + Number(part), 0);

const quickBet = (page: Page) => page.getByTestId("quick-bet");
const betLink = (page: Page) => quickBet(page).getByRole("link", { name: T.quick_bet_bet });

async function betParams(page: Page): Promise<URLSearchParams> {
  const href = (await betLink(page).getAttribute("href"))!;
  // A guest's link goes through the login with the bet link as its redirectTo.
  const target = href.startsWith("/login") ? new URLSearchParams(href.split("?")[1]).get("redirectTo")! : href;
  return new URLSearchParams(target.split("?")[1]);
}

test.afterEach(async () => {
  await setClock(0);
});

test.describe("lottery", () => {
  test("the mega-menu shows the groups with their labels, the other lotteries and the long dragon", async ({ page }, testInfo) => {
    await open(page, "/", testInfo);
    const item = page.getByTestId("menu-lottery");
    await item.hover();
    const panel = item.locator(".game-menu__panel");
    await expect(panel).toBeVisible();
    const cqssc = panel.getByRole("link", { name: /重庆时时彩/ });
    await expect(cqssc).toContainText(T.tile_hot);
    // A guest's game link goes through the login first.
    await expect(cqssc).toHaveAttribute(
      "href",
      `/login?redirectTo=${encodeURIComponent("/lottery?playType=ssc_5star_direct&gameCode=CQSSC")}`,
    );
    await expect(panel.getByRole("link", { name: /加拿大时时彩/ })).toContainText(T.tile_new);
    await expect(panel.getByRole("heading", { name: "泰国政府彩" })).toBeVisible();
    await expect(panel.getByTestId("menu-vn-lottery")).toHaveAttribute("href", "/vnLottery");
    await expect(panel.getByRole("link", { name: /东南亚4D/ })).toHaveAttribute("target", "_blank");
    await expect(panel.getByTestId("menu-long-dragon")).toHaveAttribute("href", "/lottery?gameCode=long_dragon");
    await panel.getByRole("link", { name: T.menu_lottery_all }).click();
    await expect(page).toHaveURL(`${BASE_URL}/lott`);
    await expect(page.getByRole("heading", { name: T.lottery_lobby_title })).toBeVisible();
  });

  test("a group of more than four folds the rest into its list: a dialog with scripts, a page without", async ({ page }, testInfo) => {
    await open(page, "/lott", testInfo);
    const group = page.getByTestId("lottery-group-1");
    await expect(group.locator(".lottery-tile")).toHaveCount(4);
    await expect(page.getByTestId("lottery-group-2").getByTestId("lottery-group-more")).toHaveCount(0);
    await group.getByTestId("lottery-group-more").click();
    if (scriptsOn(testInfo)) {
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByTestId("lottery-list-games").locator(".lottery-tile")).toHaveCount(6);
      await expect(page).toHaveURL(`${BASE_URL}/lott`);
      await expect(dialog.getByRole("link", { name: /河内五分彩/ })).toBeVisible();
    } else {
      await expect(page).toHaveURL(`${BASE_URL}/lottery-list/lott/1`);
      await expect(page.getByTestId("lottery-list-games").locator(".lottery-tile")).toHaveCount(6);
      await page.getByRole("link", { name: T.lottery_back_to_list }).click();
      await expect(page).toHaveURL(`${BASE_URL}/lott`);
    }
    const missing = await page.request.get("/lottery-list/lott/99");
    expect(missing.status()).toBe(404);
    expect((await page.request.get("/lottery-list/moon/1")).status()).toBe(404);
  });

  test("the quick bet changes game, draws again, and writes bet_param by the game's rule", async ({ page }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);
    const [cqssc, sd11x5] = await Promise.all([openedIssue("CQSSC"), openedIssue("SD11X5")]);
    await open(page, "/", testInfo);
    const qb = quickBet(page);
    await expect(qb.locator(".quick-bet__game")).toHaveText(["重庆时时彩", "腾讯分分彩", "山东11选5", "广东11选5", "加拿大时时彩"]);
    let params = await betParams(page);
    expect(params.get("gameId")).toBe("101");
    expect(params.get("gameCode")).toBe("CQSSC");
    expect(params.get("bet_param")).toMatch(/^\d(,\d){4}$/);
    await expectOpenedIssue(page, "CQSSC", cqssc.numero);

    await qb.getByRole("link", { name: "山东11选5" }).click();
    await expect(qb.getByRole("link", { name: "山东11选5" })).toHaveAttribute("aria-current", "true");
    await expectOpenedIssue(page, "SD11X5", sd11x5.numero);
    params = await betParams(page);
    expect(params.get("gameCode")).toBe("SD11X5");
    const numbers = params.get("bet_param")!.split(",");
    expect(numbers).toHaveLength(5);
    expect(new Set(numbers).size).toBe(5);
    for (const n of numbers) expect(n).toMatch(/^(0[1-9]|1[01])$/);
    await expect(qb.locator(".quick-bet__numbers .lottery-ball")).toHaveText(numbers);

    // Draw again until the numbers differ (a repeat of five distinct numbers is 1 in 55,440).
    await qb.getByTestId("qb-redraw").click();
    await expect.poll(async () => (await betParams(page)).get("bet_param")).not.toBe(numbers.join(","));
    expect((await betParams(page)).get("gameCode")).toBe("SD11X5");

    // The bet opens the lottery with those numbers.
    const chosen = (await betParams(page)).get("bet_param")!;
    await betLink(page).click();
    await expect(page).toHaveURL(new RegExp(`/lottery\\?gameId=201&gameCode=SD11X5&bet_param=${encodeURIComponent(chosen)}$`));
    const frame = page.frameLocator('[data-testid="lottery-frame"]');
    await expect(frame.locator('[data-fact="Quick-bet numbers"]')).toHaveText(chosen);
    await expect(frame.locator('[data-fact="Game code"]')).toHaveText("SD11X5");
  });

  test("the countdown shows the time left to bet, and --:--:-- in the lock window", async ({ page }, testInfo) => {
    const cqssc = game("CQSSC");
    const now = await operatorNow();
    const issue = issueAt(cqssc, now);
    // 95 s before the draw: 65 s left to bet (the lock is 30 s).
    // The operator runs on this machine's clock: Date.now() is its time before the offset.
    await setClock(issue.drawAt - 95_000 - Date.now());
    await open(page, "/", testInfo);
    const countdown = page.getByTestId("qb-countdown");
    const left = seconds((await countdown.textContent())!);
    expect(left).toBeGreaterThanOrEqual(58);
    expect(left).toBeLessThanOrEqual(65);
    await expect(quickBet(page)).toContainText(T.quick_bet_left);
    await expect(page.getByTestId("qb-numero")).toContainText(issue.numero);
    if (!scriptsOn(testInfo)) {
      await expect(page.getByTestId("qb-refresh")).toHaveAttribute("href", /^\/\?qb=CQSSC&at=\d+#quick-bet$/);
      await expect(quickBet(page)).toContainText(T.lottery_next_issue.replace("{{numero}}", issueAt(cqssc, now, 1).numero));
    }

    // 20 s before the draw (inside the 30 s lock, with room for a slow machine): closed for the draw.
    await setClock(issue.drawAt - 20_000 - Date.now());
    await open(page, "/", testInfo);
    await expect(countdown).toHaveText("--:--:--");
    await expect(quickBet(page)).toContainText(T.quick_bet_closed);
  });

  test("draw results are balls: five lists of the game's last draws with their issue numbers", async ({ page }, testInfo) => {
    const lastDraws = async () => {
      const response = await fetch(`${OPERATOR_URL}/lgw/draw/code/CQSSC?size=5`, { headers: { Merchant: "demo" } });
      return ((await response.json()) as { value: { numero: string; winNo: string }[] }).value;
    };
    const before = await lastDraws();
    await open(page, "/", testInfo);
    const after = await lastDraws();
    const rows = quickBet(page).getByTestId("draw-list").locator("li");
    await expect(rows).toHaveCount(5);
    // An issue may close between the page's read and ours: the page shows the draws of one of them.
    const draws = (await rows.first().textContent())?.includes(after[0].numero) ? after : before;
    for (const [i, draw] of draws.entries()) {
      await expect(rows.nth(i)).toContainText(draw.numero);
      await expect(rows.nth(i).locator(".lottery-ball")).toHaveText(draw.winNo.split(","));
    }
    // The popular-trend strip: each popular game's last draw, a way into the lottery.
    const strip = page.getByTestId("trend-strip");
    await expect(strip.locator("li")).toHaveCount(4);
    await expect(strip.locator("li").first().locator(".lottery-ball")).toHaveCount(5);
  });

  test("the lottery opens for a player, asks a guest to log in and refuses a free-play account", async ({ page }, testInfo) => {
    const target = "/lottery?playType=ssc_5star_direct&gameCode=CQSSC";
    await open(page, target, testInfo);
    await expect(page).toHaveURL(`${BASE_URL}/login?redirectTo=${encodeURIComponent(target)}`);
    await expect(page.getByText(T.in_sorry_in)).toBeVisible();

    await loginFreePlay(page, testInfo);
    const refused = await page.goto(target);
    expect(refused?.status()).toBe(403);
    await expect(page.getByTestId("lottery-closed")).toContainText(T.in_need_true_account);
    await page.context().clearCookies();

    await loginAs(page, PLAYER, testInfo);
    await open(page, target, testInfo);
    const frame = page.frameLocator('[data-testid="lottery-frame"]');
    await expect(frame.locator('[data-fact="Game code"]')).toHaveText("CQSSC");
    await expect(frame.locator('[data-fact="Open issue"]')).toHaveText((await openedIssue("CQSSC")).numero);
    await expect(frame.getByRole("link", { name: "Back" })).toHaveAttribute("href", `${BASE_URL}/lott`);
    await expect(page.getByRole("heading", { name: "重庆时时彩" })).toBeVisible();

    await open(page, "/lottery?gameCode=long_dragon", testInfo);
    await expect(frame.locator('[data-fact="View"]')).toHaveText("long_dragon");
    await expect(frame.locator('[data-fact="Area / prize mode"]')).toHaveText("LOTT · Entertainment");

    // A game the operator does not offer, and numbers that break the game's rule.
    const unknown = await page.goto("/lottery?gameCode=NOPE");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByTestId("lottery-closed")).toContainText(T.in_stay_tuned);
    await open(page, "/lottery?gameId=101&gameCode=CQSSC&bet_param=1,2,3,4,99", testInfo);
    await expect(page.getByTestId("lottery-numbers-dropped")).toHaveText(T.quick_bet_numbers_dropped);
    await expect(frame.locator('[data-fact="Game code"]')).toHaveText("CQSSC");
    await expect(frame.locator('[data-fact="Quick-bet numbers"]')).toHaveCount(0);
  });

  test("the Vietnamese lottery, the SEA lottery in a new window and the trend chart", async ({ page }, testInfo) => {
    await open(page, "/vnlottery?gameCode=VNMT3", testInfo);
    await expect(page.getByRole("heading", { name: T.lottery_vn_title })).toBeVisible();
    await expect(page.getByTestId("vn-numero")).toContainText((await openedIssue("VNMT3")).numero);
    await expect(page.getByTestId("vn-countdown")).toHaveText(/^\d\d:\d\d:\d\d$|^--:--:--$/);
    await expect(page.getByRole("link", { name: T.lottery_login_to_play })).toBeVisible();
    await expect(page.getByTestId("lottery-frame")).toHaveCount(0);

    await loginAs(page, PLAYER, testInfo);
    await open(page, "/vnLottery?gameCode=VNMB5", testInfo);
    const frame = page.frameLocator('[data-testid="lottery-frame"]');
    await expect(frame.locator('[data-fact="Area / prize mode"]')).toHaveText("VN · VN");
    await expect(frame.locator('[data-fact="Game code"]')).toHaveText("VNMB5");

    const sea = await page.request.get("/seaLottery?gameCode=SEA4D", { maxRedirects: 0 });
    expect(sea.status()).toBe(303);
    expect(sea.headers().location).toMatch(new RegExp(`^${OPERATOR_URL}/demo-lottery/`));

    await open(page, "/lott", testInfo);
    await quickBet(page).getByTestId("qb-trend").click();
    await expect(page).toHaveURL(new RegExp("/lottery/trend\\?gameUrl="));
    await expect(page.frameLocator('[data-testid="trend-frame"]').locator("tbody tr")).toHaveCount(30);
    const stranger = await page.request.get(`/lottery/trend?gameUrl=${encodeURIComponent("https://evil.example/x")}`);
    expect(stranger.status()).toBe(400);
  });
});

test.describe("lottery walk (issue 23)", () => {
  test("the Lao group shows Laos's flag and the Thai groups Thailand's", async ({ page }, testInfo) => {
    await open(page, "/lott", testInfo);
    const flag = (id: string) =>
      page
        .getByTestId(`lottery-group-${id}`)
        .locator(".lottery-group__title")
        .evaluate((el) => getComputedStyle(el, "::before").backgroundImage);
    // Laos: red and blue bands (#ce1126, #002868) and a white disc; Thailand: red, white and navy (#2d2a4a).
    const lao = await flag("11");
    expect(lao).toContain("rgb(0, 40, 104)");
    expect(lao).toContain("radial-gradient");
    expect(lao).not.toContain("rgb(45, 42, 74)");
    expect(await flag("9")).toContain("rgb(45, 42, 74)");
    expect(await flag("1")).toBe("none");
  });

  test("the trend chart speaks the page's language", async ({ page }, testInfo) => {
    await open(page, "/lott?lng=EN", testInfo);
    await quickBet(page).getByTestId("qb-trend").click();
    await expect(page).toHaveURL(/\/lottery\/trend\?gameUrl=/);
    const chart = page.frameLocator('[data-testid="trend-frame"]');
    await expect(chart.locator("h1")).toHaveText(`${game("CQSSC").names.en} · trend`);
    await expect(chart.locator("th").first()).toHaveText("Issue");
  });

  test("in the lock window the Vietnamese lottery's issue list says what its countdown says", async ({ page }, testInfo) => {
    const vn = game("VNMT3");
    const issue = issueAt(vn, await operatorNow());
    // 10 s before the draw, inside VNMT3's 20 s lock.
    await setClock(issue.drawAt - 10_000 - Date.now());
    await open(page, "/vnLottery?gameCode=VNMT3", testInfo);
    await expect(page.getByTestId("vn-countdown")).toHaveText("--:--:--");
    await expect(page.getByTestId("vn-issue")).toContainText(T.quick_bet_closed);
    const row = page.locator(".vn-lottery__near li", { hasText: issue.numero });
    await expect(row.locator(".draw-list__status")).toHaveText(T.quick_bet_closed);
    await expect(page.getByTestId("vn-issue")).not.toContainText(T.lottery_status_open);
  });
});

test.describe("lottery countdown with scripts", () => {
  test("stays right after the page was hidden for 30 s", async ({ page }, testInfo) => {
    test.skip(!scriptsOn(testInfo), "the countdown ticks only with scripts");
    await page.clock.install();
    await open(page, "/?qb=TXFFC", testInfo);
    const countdown = page.getByTestId("qb-countdown");
    await expect(countdown).toHaveText(/^\d\d:\d\d:\d\d$|^--:--:--$/);

    // Hidden for 30 s: no tick runs, the page's clock and the operator's both move on.
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await setClock(30_000);
    await page.clock.fastForward(30_000);
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
      document.dispatchEvent(new Event("visibilitychange"));
    });

    // What the operator says now, and what the page shows: the same issue, the same time left.
    await expect
      .poll(async () => {
        const issue = await openedIssue("TXFFC");
        const shown = (await page.getByTestId("qb-numero").textContent()) ?? "";
        const text = (await countdown.textContent()) ?? "";
        if (!shown.includes(issue.numero)) return `issue ${shown} is not ${issue.numero}`;
        if (!issue.isSale) return text === "--:--:--" ? "right" : `${text} in the lock window`;
        const drift = Math.abs(seconds(text) - (issue.remainTime - issue.lockTime));
        return drift <= 2 ? "right" : `${text} is ${drift} s off`;
      })
      .toBe("right");
  });
});
