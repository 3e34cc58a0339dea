/**
 * The domain speed test (document 001, section 2 screen 15; section 4; decision 047), scripts on
 * and off: the operator's domains (the portal and the reference operator under 127.0.0.1 and
 * localhost, one slowed on purpose, one port nothing listens on) with their times and classes;
 * without scripts the server's figures, said so, and "test again" as a GET; with scripts the
 * browser's own after 500 ms, and the re-run's 1 s loader with the clock in the test's hands;
 * the enter links; the login side menu's speed check.
 */
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL, OPERATOR_URL, open, reference, scriptsOn } from "./helpers";

const portal = new URL(BASE_URL);
const operator = new URL(OPERATOR_URL);
const asLocalhost = (url: URL) => `localhost:${url.port}`;
/** The reference operator's logo under the name localhost answers this late: "slow" (over 150 ms). */
const SLOW_HOST = asLocalhost(operator);

const rows = (page: Page) => page.locator(".speed-table tbody tr");
const row = (page: Page, host: string) => page.locator(`.speed-table tbody tr[data-domain="${host}"]`);
const source = (page: Page) => page.locator(".speed-page__source");

test.beforeEach(async () => {
  await reference("/__reference/domain-routes", { domains: null, delays: { [SLOW_HOST]: 400 } });
});

test.afterAll(async () => {
  await reference("/__reference/domain-routes", { domains: null, delays: {} });
});

async function expectClasses(page: Page) {
  await expect(rows(page)).toHaveCount(5);
  await expect(row(page, SLOW_HOST)).toHaveAttribute("data-class", "slow");
  await expect(row(page, SLOW_HOST).locator(".speed-class")).toHaveText("Slow");
  const unreachable = page.locator('.speed-table tbody tr[data-class="unreachable"]');
  await expect(unreachable).toHaveCount(1);
  await expect(unreachable.locator(".speed-class")).toHaveText("Unreachable");
  await expect(unreachable.locator(".speed-table__time")).toHaveText("—");
  for (const host of [portal.host, asLocalhost(portal), operator.host]) {
    await expect(row(page, host)).toHaveAttribute("data-class", /^(fast|normal|slow)$/);
    await expect(row(page, host).locator(".speed-table__time")).toHaveText(/^\d+\s?ms$/);
  }
}

test("lists the domains with their times and classes, unreachable and slow among them, each with an enter link", async ({
  page,
}, testInfo) => {
  const started = Date.now();
  let firstLogo = 0;
  page.on("request", (request) => {
    if (!firstLogo && new URL(request.url()).pathname === "/res/logo.png") firstLogo = Date.now();
  });
  await open(page, "/speed-test?lng=EN", testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "Domain speed test" })).toBeVisible();
  if (scriptsOn(testInfo)) {
    await expect(source(page)).toHaveText("Times measured from your browser.");
    await expect(page.locator('.speed-table tbody tr[data-class="timing"]')).toHaveCount(0);
    // The browser's first run waits 500 ms after the page.
    expect(firstLogo - started).toBeGreaterThanOrEqual(500);
  } else {
    await expect(source(page)).toHaveText(/measured from our server/);
    expect(firstLogo).toBe(0);
  }
  await expectClasses(page);

  const enter = row(page, asLocalhost(portal)).getByRole("link", { name: `Enter ${asLocalhost(portal)}` });
  await expect(enter).toHaveAttribute("href", `http://${asLocalhost(portal)}/`);
  for (const tr of await rows(page).all()) {
    const host = await tr.getAttribute("data-domain");
    await expect(tr.getByRole("link")).toHaveAttribute("href", `http://${host}/`);
  }
  await enter.click();
  await expect(page).toHaveURL(`http://${asLocalhost(portal)}/`);
  await expect(page.locator("footer")).toBeVisible();
});

test("without scripts, test again is a GET of the page: the server reads the list and measures again", async ({ page }, testInfo) => {
  test.skip(scriptsOn(testInfo), "the browser's re-run is the next journey");
  await open(page, "/speed-test?lng=EN", testInfo);
  await expectClasses(page);
  const listed = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-domain")));
  // The operator now lists the domains the other way round, and its own 127.0.0.1 is the slow one.
  const answer = await (await fetch(`${OPERATOR_URL}/wps/system/domainRoute`, { headers: { Merchant: "demo" } })).json();
  await reference("/__reference/domain-routes", {
    domains: [...answer.value].reverse(),
    delays: { [SLOW_HOST]: 0, [operator.host]: 400 },
  });
  const again = page.waitForResponse((r) => new URL(r.url()).pathname === "/speed-test" && r.request().method() === "GET");
  await page.getByRole("button", { name: "Test again" }).click();
  expect((await again).status()).toBe(200);
  await expect(source(page)).toHaveText(/measured from our server/);
  expect(await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-domain")))).toEqual([...listed].reverse());
  await expect(row(page, operator.host)).toHaveAttribute("data-class", "slow");
  // (localhost's own figure is not asserted: a first look-up of the name may itself take over 150 ms.)
  await expect(row(page, SLOW_HOST)).toHaveAttribute("data-class", /^(fast|normal|slow)$/);
});

test("with scripts, test again shows the loader for 1 s, then the browser times every domain again", async ({ page }, testInfo) => {
  test.skip(!scriptsOn(testInfo), "a re-run in the browser needs scripts");
  await page.clock.install();
  await open(page, "/speed-test?lng=EN", testInfo);
  await expect(source(page)).toHaveText("Times measured from your browser.");
  await expectClasses(page);

  // The slow domain answers late enough for the test to see the rows being timed on a busy machine
  // (and within the browser's 3 s, which the paused clock holds anyway).
  await reference("/__reference/domain-routes", { delays: { [SLOW_HOST]: 2500 } });
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  const button = page.getByRole("button", { name: "Test again" });
  await button.click();
  const loader = page.getByTestId("speed-loader");
  await expect(loader).toHaveText("Testing again…");
  await expect(page.getByRole("status").filter({ hasText: "Testing again…" })).toBeVisible();
  await expect(button).toBeDisabled();
  await page.clock.runFor(999);
  await expect(loader).toBeVisible();
  await page.clock.runFor(1);
  await expect(loader).toHaveCount(0);
  await expect(row(page, SLOW_HOST)).toHaveAttribute("data-class", "timing");
  await expect(row(page, SLOW_HOST).locator(".speed-table__time")).toHaveText("Testing…");
  await page.clock.resume();
  await expect(page.locator('.speed-table tbody tr[data-class="timing"]')).toHaveCount(0);
  await expect(button).toBeEnabled();
  await expect(page.locator('.speed-table tbody tr[data-class="unreachable"]')).toHaveCount(1);
  await expect(row(page, operator.host)).toHaveAttribute("data-class", /^(fast|normal|slow)$/);
  await expect(row(page, SLOW_HOST)).toHaveAttribute("data-class", "slow");
});

test("the login side menu's speed check leads to the page", async ({ page }, testInfo) => {
  await open(page, "/login?lng=EN", testInfo);
  const side = page.getByRole("navigation", { name: /./ }).filter({ has: page.getByRole("link", { name: "Speed check" }) });
  await side.getByRole("link", { name: "Speed check" }).click();
  await expect(page).toHaveURL(/\/speed-test$/);
  await expect(page.getByRole("heading", { level: 1, name: "Domain speed test" })).toBeVisible();
  await expect(rows(page)).toHaveCount(5);
  if (scriptsOn(testInfo)) {
    // Loaded as a document, the page's own CSP names the domains: the browser's images are not refused.
    await expect(source(page)).toHaveText("Times measured from your browser.");
    await expect(page.locator('.speed-table tbody tr[data-class="timing"]')).toHaveCount(0);
    await expect(row(page, asLocalhost(portal))).toHaveAttribute("data-class", /^(fast|normal|slow)$/);
  }
});

test("a hostile domain list: only http(s) origins are listed and linked", async ({ page }, testInfo) => {
  await reference("/__reference/domain-routes", {
    domains: [
      { domainName: "javascript:alert(1)" },
      { domainName: "data:text/html,<script>alert(1)</script>" },
      { domainName: `${BASE_URL}/login?redirectTo=//evil.example` },
      { domainName: BASE_URL },
    ],
  });
  await open(page, "/speed-test?lng=EN", testInfo);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).getByRole("link")).toHaveAttribute("href", `${BASE_URL}/`);
});

test("no domains to test: the page says so instead of an empty table", async ({ page }, testInfo) => {
  await reference("/__reference/domain-routes", { domains: [{ domainName: "javascript:alert(1)" }] });
  await open(page, "/speed-test?lng=EN", testInfo);
  await expect(page.getByRole("status").filter({ hasText: "No domains to test at the moment." })).toBeVisible();
  await expect(page.locator(".speed-table")).toHaveCount(0);
});
