/**
 * The mini-game floating widget (decision 049), scripts on and off. Without scripts nothing is
 * drawn. With scripts a member sees the handle at the left edge; pressed, it opens the panel with
 * the operator's mini page (the open issue, five numbers). The frame is made once and kept: closed
 * and opened again, across a client-side navigation and on the routes that hide the widget it is
 * the same element, never fetched again. The handle drags only after a 150 ms press (the page's
 * clock is moved, not waited for), leans with the drag (never past 25°) and straightens on release.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { mkdirSync, readFileSync } from "node:fs";
import { AGENT, loginAs, OPERATOR_URL, PLAYER, reference, routerIdle, scriptsOn, setFeatures } from "./helpers";

const CN = JSON.parse(readFileSync(new URL("../public/locales/CN/common.json", import.meta.url), "utf8")) as Record<string, string>;

test.afterEach(async () => {
  await setFeatures({ LOTTMINIGAME3: true, SEALOTTMINIGAME3: true });
});

/**
 * The mini page shows the lottery's first game, whose issue closes for its draw a while before
 * it: when less than half a minute of sale is left, the operator's lottery clock is moved into
 * the next issue (as the lottery journey does), so that the Bet is open.
 */
async function saleOpen() {
  const headers = { Merchant: "demo" };
  const menus = (await (await fetch(`${OPERATOR_URL}/lgw/games/game_menus?prizeMode=LOTT`, { headers })).json()) as {
    value: { gameMenus: { gameCode: string }[] }[];
  };
  const code = menus.value.flatMap((group) => group.gameMenus)[0].gameCode;
  const issue = async () =>
    (
      (await (await fetch(`${OPERATOR_URL}/lgw/games/opened/numero?gameCode=${code}`, { headers })).json()) as {
        value: { currentNumero: { isSale: boolean; remainTime: number; lockTime: number } };
      }
    ).value.currentNumero;
  const open = await issue();
  if (open.isSale && open.remainTime - open.lockTime > 30) return;
  const { now } = (await reference("/__reference/lottery")) as { now: number };
  await reference("/__reference/lottery", { offsetMs: now - Date.now() + (open.remainTime + 2) * 1000 });
}

async function box(page: Page, testId: string) {
  const found = await page.getByTestId(testId).boundingBox();
  if (!found) throw new Error(`${testId} is not drawn`);
  return found;
}

/** A client-side navigation, as a link of the page would make it. */
async function navigate(page: Page, to: string) {
  await page.evaluate(
    (path) => (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(path),
    to,
  );
  // /agent leads on to its first page.
  await expect(page).toHaveURL((url) => url.pathname === to || url.pathname.startsWith(`${to}/`));
  await routerIdle(page);
}

const tiltOf = (page: Page) =>
  page.getByTestId("mini-game-button").evaluate((el) => ({ tilt: Number(el.dataset.tilt), transform: el.style.transform }));

test("without scripts nothing is drawn", async ({ page }, testInfo) => {
  test.skip(scriptsOn(testInfo), "what a browser without scripts gets");
  await loginAs(page, PLAYER, testInfo);
  await expect(page.locator(".mini-game, .mini-game__handle, iframe[src*='mini-game']")).toHaveCount(0);
  expect(await page.content()).not.toContain("mini-game");
});

test("opens the mini page, keeps its frame, drags after a 150 ms press with a lean of 25° at most, hides on the spec's routes", async ({
  page,
}, testInfo) => {
  test.skip(!scriptsOn(testInfo), "the widget needs scripts");
  test.setTimeout(90_000);
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 800 });
  let frameLoads = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/resources/mini-game-frame") frameLoads++;
  });
  await saleOpen();
  await loginAs(page, PLAYER, testInfo);
  const button = page.getByTestId("mini-game-button");
  await expect(button).toBeVisible();
  await expect(button).toHaveAccessibleName(CN.mini_game_open);
  // Rendered once: no panel nor frame before the first opening.
  await expect(page.getByTestId("mini-game-panel")).toHaveCount(0);

  // Clear of the chat's corner button and the tool bar at the right.
  const handle = await box(page, "mini-game-button");
  const chat = await box(page, "chat-button");
  expect(handle.x + handle.width).toBeLessThan(chat.x);
  expect(handle.x).toBeLessThan(100);

  await button.click();
  const panel = page.getByTestId("mini-game-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("heading", { name: CN.mini_game_title })).toBeVisible();
  // Both switches are on: two tabs, the lottery first.
  await expect(page.getByTestId("mini-game-tab-LOTT")).toHaveAttribute("aria-selected", "true");
  const mini = page.frameLocator("[data-testid='mini-game-frame-LOTT']");
  await expect(mini.locator("[data-fact='issue']")).toHaveText(/\d/);
  await expect(mini.locator("select[name='n']")).toHaveCount(5);
  await expect(page.getByTestId("mini-game-status")).toHaveCount(0);
  // The panel stands beside the handle, inside the window.
  const placed = await box(page, "mini-game-panel");
  expect(placed.x).toBeGreaterThanOrEqual(handle.x + handle.width);
  expect(placed.y).toBeGreaterThanOrEqual(0);
  expect(placed.y + placed.height).toBeLessThanOrEqual(800);
  expect(frameLoads).toBe(1);
  const frame = page.getByTestId("mini-game-frame-LOTT");
  await frame.evaluate((el) => ((el as unknown as { kept: boolean }).kept = true));
  const kept = () => frame.evaluate((el) => (el as unknown as { kept?: boolean }).kept === true);

  // The mini game's own Bet: the numbers for the open issue, and the full game to confirm them.
  await mini.getByRole("button").click();
  await expect(mini.locator("[data-mini-bet]")).toBeVisible();
  await expect(mini.locator("a.bet")).toHaveAttribute("target", "_blank");

  // Escape closes, the focus returns to the handle; opened again, the same frame where it was.
  await panel.press("Escape");
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
  await button.click();
  await expect(panel).toBeVisible();
  expect(await kept()).toBe(true);
  await expect(mini.locator("[data-mini-bet]")).toBeVisible();

  // A drag starts only after a 150 ms press: the page's clock is held and moved by hand.
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  const start = await box(page, "mini-game-button");
  const x = start.x + start.width / 2;
  const y = start.y + start.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 40, y + 10);
  // Before 150 ms the handle holds still.
  expect((await box(page, "mini-game-button")).x).toBe(start.x);
  await page.clock.runFor(160);
  for (let step = 1; step <= 5; step++) {
    await page.clock.runFor(16);
    await page.mouse.move(x + 40 + step * 30, y + 10 + step * 8);
    const { tilt, transform } = await tiltOf(page);
    expect(Math.abs(tilt)).toBeGreaterThan(0);
    expect(Math.abs(tilt)).toBeLessThanOrEqual(25);
    expect(transform).toBe(`rotate(${tilt}deg)`);
  }
  const during = await box(page, "mini-game-button");
  expect(during.x).toBeGreaterThan(start.x + 100);
  await page.mouse.up();
  expect(await tiltOf(page)).toEqual({ tilt: 0, transform: "" });
  // The click that ends a drag is not a press: the panel stays open, and follows the handle.
  await expect(panel).toBeVisible();
  const moved = await box(page, "mini-game-button");
  // Upright again, where the drag left it (the lean widened its box while it lasted).
  expect(moved.x).toBeGreaterThan(start.x + 100);
  expect(moved.x).toBeLessThanOrEqual(during.x + during.width);
  expect((await box(page, "mini-game-panel")).x).toBeGreaterThanOrEqual(moved.x + moved.width);

  // A press shorter than 150 ms does not drag: it is a click (the panel closes).
  await page.mouse.move(moved.x + moved.width / 2, moved.y + moved.height / 2);
  await page.mouse.down();
  await page.clock.runFor(100);
  await page.mouse.move(moved.x + moved.width / 2 + 60, moved.y + moved.height / 2 + 30);
  await page.mouse.up();
  expect(await box(page, "mini-game-button")).toEqual(moved);
  await expect(panel).toBeHidden();
  await page.clock.resume();

  // Hidden on the spec's routes, back after them with the same frame, never fetched again.
  await button.click();
  await expect(panel).toBeVisible();
  for (const hidden of ["/lottery", "/vnLottery"]) {
    await navigate(page, hidden);
    await expect(page.getByTestId("mini-game")).toBeHidden();
    await navigate(page, "/promotions");
    await expect(button).toBeVisible();
    await expect(panel).toBeVisible();
    expect(await kept()).toBe(true);
  }
  await navigate(page, "/");
  expect(await kept()).toBe(true);
  expect(frameLoads).toBe(1);
});

test("an agent sees it, but not on the agent's pages", async ({ page }, testInfo) => {
  test.skip(!scriptsOn(testInfo), "the widget needs scripts");
  await loginAs(page, AGENT, testInfo);
  const widget = page.getByTestId("mini-game");
  await expect(page.getByTestId("mini-game-button")).toBeVisible();
  await navigate(page, "/agent");
  await expect(widget).toBeHidden();
  await navigate(page, "/");
  await expect(page.getByTestId("mini-game-button")).toBeVisible();
});

test("one switch on: one game, no tabs; none on: no widget", async ({ page }, testInfo) => {
  test.skip(!scriptsOn(testInfo), "the widget needs scripts");
  await setFeatures({ LOTTMINIGAME3: false, SEALOTTMINIGAME3: true });
  await loginAs(page, PLAYER, testInfo);
  await page.getByTestId("mini-game-button").click();
  await expect(page.getByTestId("mini-game-tab-SEA")).toHaveCount(0);
  await expect(page.frameLocator("[data-testid='mini-game-frame-SEA']").locator("[data-fact='issue']")).toHaveText(/\d/);
  await setFeatures({ LOTTMINIGAME3: false, SEALOTTMINIGAME3: false });
  await page.reload();
  await expect(page.getByTestId("nickname")).toBeVisible();
  await expect(page.getByTestId("chat-button")).toBeVisible();
  await expect(page.getByTestId("mini-game")).toHaveCount(0);
});

test("the open panel at 1280×800 and 390×844, without a serious accessibility fault", async ({ page }, testInfo) => {
  test.skip(!scriptsOn(testInfo), "the widget needs scripts");
  await loginAs(page, PLAYER, testInfo);
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    const button = page.getByTestId("mini-game-button");
    if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
    await expect(page.frameLocator("[data-testid='mini-game-frame-LOTT']").locator("[data-fact='issue']")).toHaveText(/\d/);
    const panel = await box(page, "mini-game-panel");
    const handle = await box(page, "mini-game-button");
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(width);
    expect(panel.y).toBeGreaterThanOrEqual(0);
    expect(panel.y + panel.height).toBeLessThanOrEqual(height);
    // The panel never covers its own handle.
    const overlaps =
      panel.x < handle.x + handle.width &&
      handle.x < panel.x + panel.width &&
      panel.y < handle.y + handle.height &&
      handle.y < panel.y + panel.height;
    expect(overlaps).toBe(false);
    // The open panel, its tabs and the operator's mini page: no serious accessibility fault.
    const { violations } = await new AxeBuilder({ page }).include("[data-testid='mini-game']").analyze();
    expect(
      violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);
    if (process.env.MINI_GAME_SHOTS) {
      mkdirSync(process.env.MINI_GAME_SHOTS, { recursive: true });
      await page.screenshot({ path: `${process.env.MINI_GAME_SHOTS}/mini-game-${width}x${height}.png` });
    }
  }
});
