/**
 * Accessibility of the content pages (issue 26): axe-core on each, as a guest and as a player on
 * home; no serious or critical violation. Each finding is printed with its rule, impact and the
 * elements it names, so a failure says what to fix. axe runs as a script in the page; for the
 * scripts-off project the page is the server's markup with its scripts taken out, loaded in a
 * page where only axe runs.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { BASE_URL, loginAs, open, PLAYER, scriptsOn } from "./helpers";

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The page as a browser without scripts gets it, in a context where axe can run. */
async function withoutScripts(browser: Browser, from: BrowserContext, path: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: true, reducedMotion: "reduce" });
  await context.addCookies(await from.cookies());
  const page = await context.newPage();
  await page.route(`${BASE_URL}/**`, async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const body = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
    await route.fulfill({ response, body });
  });
  await page.goto(`${BASE_URL}${path}`);
  return page;
}

async function check(browser: Browser, page: Page, path: string, testInfo: TestInfo) {
  if (scriptsOn(testInfo)) {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, path, testInfo);
    expect(await seriousViolations(page)).toEqual([]);
    return;
  }
  const plain = await withoutScripts(browser, page.context(), path);
  expect(await seriousViolations(plain)).toEqual([]);
  await plain.context().close();
}

for (const path of [
  "/",
  "/news",
  "/news?id=1003",
  "/promotions",
  "/promotions?id=3002",
  "/help",
  "/help?tag=withdraw",
  "/download",
  "/speed-test",
  "/service",
]) {
  test(`${path} has no serious or critical violation`, async ({ browser, page }, testInfo) => {
    await check(browser, page, path, testInfo);
  });
}

test("a player's home has no serious or critical violation", async ({ browser, page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await check(browser, page, "/", testInfo);
});

test("/chat, and the chat window open over a page, have no serious or critical violation", async ({ browser, page }, testInfo) => {
  // A login and two pages checked, one with the chat's frame (axe goes into it).
  test.setTimeout(60_000);
  await loginAs(page, PLAYER, testInfo);
  await check(browser, page, "/chat", testInfo);
  if (!scriptsOn(testInfo)) return;
  await open(page, "/news", testInfo);
  await page.getByTestId("chat-button").click();
  await expect(page.getByTestId("chat-window")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
