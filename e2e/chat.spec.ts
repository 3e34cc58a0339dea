/**
 * The chat (decision 048), scripts on and off: a guest logs in first, a trial account is told
 * in_need_true_account; without scripts the corner link leads to /chat, a page with the chat's
 * frame; with scripts the floating button shows the unread count (dots over 99), opens a window
 * that resizes within 200–480 × 280+ and closes with Escape (the focus back on the button), and
 * snaps to the nearest corner when dragged. A provider that refuses the token closes the window
 * with the words. The provider's token reaches the frame only (token-privacy).
 */
import { expect, test, type Page, type Response } from "@playwright/test";
import { readFileSync } from "node:fs";
import { BASE_URL, loginAs, loginFreePlay, open, OPERATOR_URL, PLAYER, scriptsOn } from "./helpers";

const CN = JSON.parse(readFileSync(new URL("../public/locales/CN/common.json", import.meta.url), "utf8")) as Record<string, string>;

async function chatHook(body: Record<string, unknown>) {
  const response = await fetch(`${OPERATOR_URL}/__reference/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

test.afterEach(async () => {
  await chatHook({ provider: "up" });
});

async function box(page: Page, testId: string) {
  const found = await page.getByTestId(testId).boundingBox();
  if (!found) throw new Error(`${testId} is not drawn`);
  return found;
}

test("a guest is sent to log in first", async ({ page }, testInfo) => {
  await open(page, "/chat", testInfo);
  await expect(page).toHaveURL(`${BASE_URL}/login?redirectTo=%2Fchat`);
  await expect(page.locator(".notice")).toHaveText(CN.in_sorry_in);
  await expect(page.getByTestId("chat-link")).toHaveCount(0);
});

test("a trial account sees no chat, and /chat tells it in_need_true_account", async ({ page }, testInfo) => {
  await loginFreePlay(page, testInfo);
  await expect(page.getByTestId(scriptsOn(testInfo) ? "chat-button" : "chat-link")).toHaveCount(0);
  await open(page, "/chat", testInfo);
  await expect(page.getByTestId("chat-page-notice")).toHaveText(CN.in_need_true_account);
  await expect(page.getByTestId("chat-page-frame")).toHaveCount(0);
});

test("without scripts the corner link leads to /chat, whose frame is the chat itself", async ({ page }, testInfo) => {
  test.skip(scriptsOn(testInfo), "the link is what a browser without scripts gets");
  await loginAs(page, PLAYER, testInfo);
  const link = page.getByTestId("chat-link");
  await expect(link).toHaveAttribute("href", "/chat");
  await expect(link).toHaveClass(/chat-fab--bottom-right/);
  // A corner moved with scripts (the chat_corner cookie) holds without them too.
  await page.context().addCookies([{ name: "chat_corner", value: Buffer.from('"top-left"').toString("base64"), url: BASE_URL }]);
  await page.reload();
  await expect(link).toHaveClass(/chat-fab--top-left/);
  await expect(link).toHaveAccessibleName(CN.chat_title);
  await link.click();
  await expect(page).toHaveURL(`${BASE_URL}/chat`);
  await expect(page.getByRole("heading", { name: CN.chat_title })).toBeVisible();
  const chat = page.frameLocator("[data-testid='chat-page-frame']");
  await chat.getByRole("textbox").fill("Hello from a page without scripts");
  await chat.getByRole("button").click();
  await expect(chat.locator("li.player").last()).toContainText("Hello from a page without scripts");
  // The page's own link is not drawn over the page that is the chat.
  await expect(page.getByTestId("chat-link")).toHaveCount(0);
});

test("the floating button: unread as dots over 99, a window that resizes within its limits and closes with Escape", async ({
  page,
}, testInfo) => {
  test.skip(!scriptsOn(testInfo), "the floating window needs scripts");
  // A login and some twenty steps, each a round trip to the browser.
  test.setTimeout(60_000);
  await chatHook({ account: PLAYER.username, unread: 120 });
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, PLAYER, testInfo);
  const button = page.getByTestId("chat-button");
  await expect(button).toHaveAccessibleName(CN.chat_open_many);
  await expect(page.getByTestId("chat-unread")).toHaveText("•••");

  await button.click();
  const frame = page.frameLocator("[data-testid='chat-frame']");
  await expect(frame.locator("li").first()).toBeVisible();
  const opened = await box(page, "chat-window");
  expect(opened.width).toBe(360);
  expect(opened.height).toBe(520);
  // 16 px from the right edge, above the button.
  expect(opened.x + opened.width).toBe(1280 - 16);

  const grip = page.getByTestId("chat-grip");
  await grip.focus();
  // The arrows move the grip 20 px (Shift: 100 px); the grip is at the top left of a window in the bottom right.
  await page.keyboard.press("ArrowLeft");
  expect((await box(page, "chat-window")).width).toBe(380);
  for (let i = 0; i < 2; i++) await page.keyboard.press("Shift+ArrowLeft");
  expect((await box(page, "chat-window")).width).toBe(480);
  for (let i = 0; i < 3; i++) await page.keyboard.press("Shift+ArrowRight");
  expect((await box(page, "chat-window")).width).toBe(200);
  for (let i = 0; i < 3; i++) await page.keyboard.press("Shift+ArrowDown");
  expect((await box(page, "chat-window")).height).toBe(280);
  // By the pointer too, and still within the limits.
  const g = await box(page, "chat-grip");
  await page.mouse.move(g.x + 12, g.y + 12);
  await page.mouse.down();
  await page.mouse.move(g.x - 500, g.y - 100, { steps: 5 });
  await page.mouse.up();
  const dragged = await box(page, "chat-window");
  expect(dragged.width).toBe(480);
  // The pointer went 112 px up from where it pressed: the window grew as much.
  expect(dragged.height).toBe(280 + 112);
  expect(dragged.x + dragged.width).toBe(1280 - 16);

  await grip.focus();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("chat-window")).toHaveCount(0);
  await expect(button).toBeFocused();
  // The messages were read in the window: the badge goes.
  await expect(page.getByTestId("chat-unread")).toHaveCount(0);
  await expect(button).toHaveAccessibleName(CN.chat_title);
});

test("the button is dragged and snaps to the nearest corner; the arrow keys move it too", async ({ page }, testInfo) => {
  test.skip(!scriptsOn(testInfo), "dragging needs scripts");
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, PLAYER, testInfo);
  const button = page.getByTestId("chat-button");
  await expect(button).toHaveAttribute("data-corner", "bottom-right");
  const start = await box(page, "chat-button");
  expect(start.x + start.width).toBe(390 - 16);
  expect(start.y + start.height).toBe(844 - 16);

  await page.mouse.move(start.x + 28, start.y + 28);
  await page.mouse.down();
  await page.mouse.move(120, 200, { steps: 8 });
  await page.mouse.up();
  await expect(button).toHaveAttribute("data-corner", "top-left");
  expect(await box(page, "chat-button")).toMatchObject({ x: 16, y: 16 });
  // A drag is not a press: no window opened.
  await expect(page.getByTestId("chat-window")).toHaveCount(0);

  await button.focus();
  const kept = page.waitForResponse((r) => r.url().endsWith("/resources/chat?stay") && r.request().method() === "POST");
  await page.keyboard.press("ArrowDown");
  await expect(button).toHaveAttribute("data-corner", "bottom-left");
  expect((await kept).status()).toBe(204);
  // The next page draws the button where this browser left it, from the server's first paint.
  const html = await (await page.request.get("/")).text();
  expect(html).toContain("chat-fab chat-fab--bottom-left");
  await page.reload();
  await expect(button).toHaveAttribute("data-corner", "bottom-left");
  await button.focus();
  await page.keyboard.press("ArrowRight");
  await expect(button).toHaveAttribute("data-corner", "bottom-right");

  // On a phone the window keeps 16 px each side.
  await button.click();
  const opened = await box(page, "chat-window");
  expect(opened.width).toBe(390 - 32);
});

test("a provider that refuses the token closes the window with the words", async ({ page }, testInfo) => {
  test.skip(!scriptsOn(testInfo), "the floating window needs scripts");
  await loginAs(page, PLAYER, testInfo);
  await chatHook({ provider: "down" });
  await page.getByTestId("chat-button").click();
  await expect(page.getByTestId("chat-notice")).toContainText(CN.chat_failed);
  await expect(page.getByTestId("chat-window")).toHaveCount(0);
  await expect(page.getByTestId("chat-button")).toBeFocused();
});

test("the provider's token reaches the chat's frame only: no portal body and no page address carries it (token-privacy)", async ({
  page,
}, testInfo) => {
  const bodies: { url: string; text: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (response: Response) => {
    if (!response.url().startsWith(BASE_URL)) return;
    // The notification stream's body ends only with the page (its bytes are read in
    // tests/server/notifications-route.test.ts).
    if (response.request().resourceType() === "eventsource") return;
    pending.push(
      response
        .body()
        .then((body) => void bodies.push({ url: response.url(), text: body.toString("utf8") }))
        .catch(() => undefined), // a redirect has no body
    );
  });
  await loginAs(page, PLAYER, testInfo);
  if (scriptsOn(testInfo)) await page.getByTestId("chat-button").click();
  else await page.getByTestId("chat-link").click();
  const testId = scriptsOn(testInfo) ? "chat-frame" : "chat-page-frame";
  await expect(page.frameLocator(`[data-testid='${testId}']`).getByRole("textbox")).toBeVisible();
  const framed = page.frames().find((frame) => frame.url().includes("/livechat/embed/"));
  const token = new URL(framed!.url()).searchParams.get("token");
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  await Promise.all(pending);
  expect(bodies.length).toBeGreaterThan(2);
  for (const body of bodies) expect(body.text.includes(token!), `token in the body of ${body.url}`).toBe(false);
  expect(page.url()).not.toContain(token!);
});
