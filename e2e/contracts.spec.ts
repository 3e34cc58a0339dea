/**
 * Contract requests (issue 11, decision 031), scripts on and off: an agent logs in and the
 * requests open (a page, or a dialog over the page with scripts); accept a dividend, reject a
 * daily salary, terminate an active hourly one, accept a higher rate through its confirmation
 * and cancel another; the lists after each; a double click that acts once; and the dialog
 * opening by itself on a page view when requests arrive during the visit.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { BASE_URL, open, reference, scriptsOn, submitLogin, waitForHydration } from "./helpers";

/** A fresh agent per test and project: the journeys change its contracts. */
async function freshAgent(tag: string, withContracts = true): Promise<string> {
  const username = `ct${tag}${Date.now().toString(36).slice(-6)}`.slice(0, 13);
  await reference("/__reference/members", { username, password: "Agent1234", agentType: 1, nickname: "Contract Agent" });
  if (withContracts) await reference("/__reference/contracts/reset", { username });
  return username;
}

const statusOf = async (username: string, kind: string, productType: string) =>
  ((await reference(`/__reference/contracts?username=${username}`)) as { kind: string; productType: string; status: string }[]).find(
    (c) => c.kind === kind && c.productType === productType,
  )?.status;

const card = (page: Page, kind: string, product: string) =>
  page.locator(`[data-testid="contract-card"][data-kind="${kind}"][data-product="${product}"]`);
const requests = (page: Page) => page.locator('section[aria-labelledby="contracts-requests"] [data-testid="contract-card"]');
const terminations = (page: Page) => page.locator('section[aria-labelledby="contracts-terminations"] [data-testid="contract-card"]');

async function login(page: Page, username: string, testInfo: TestInfo) {
  await open(page, "/login", testInfo);
  await submitLogin(page, { username, password: "Agent1234" });
}

test("an agent logs in and decides: accept, reject, terminate, each list read again", async ({ page }, testInfo) => {
  const username = await freshAgent(scriptsOn(testInfo) ? "a" : "b");
  await login(page, username, testInfo);
  await expect(page).toHaveURL(`${BASE_URL}/contracts?redirectTo=%2F`);
  await expect(page.getByRole("heading", { name: "合约请求" })).toBeVisible();
  if (scriptsOn(testInfo)) await waitForHydration(page);
  await expect(requests(page)).toHaveCount(7);
  await expect(terminations(page)).toHaveCount(5);
  await expect(card(page, "dividend", "LIVE")).toContainText("25%");
  await expect(card(page, "daily", "RNG").locator("tbody tr").first()).toContainText("0.50%");

  await card(page, "dividend", "LIVE").getByRole("button", { name: "同意" }).click();
  await expect(page.getByTestId("contracts-done")).toHaveText("已同意该合约。");
  await expect(requests(page)).toHaveCount(6);
  await expect(terminations(page)).toHaveCount(6);
  await expect(card(page, "dividend", "LIVE")).toHaveAttribute("data-status", "V");
  expect(await statusOf(username, "dividend", "LIVE")).toBe("V");

  await card(page, "daily", "RNG").getByRole("button", { name: "拒绝" }).click();
  await expect(page.getByTestId("contracts-done")).toHaveText("已拒绝该合约。");
  await expect(card(page, "daily", "RNG")).toHaveCount(0);
  expect(await statusOf(username, "daily", "RNG")).toBe("R");

  await card(page, "hourly", "RNG").getByRole("button", { name: "解约" }).click();
  await expect(page.getByTestId("contracts-done")).toHaveText("合约已终止。");
  await expect(card(page, "hourly", "RNG")).toHaveCount(0);
  expect(await statusOf(username, "hourly", "RNG")).toBe("T");

  await page.getByTestId("contracts-continue").click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByTestId("header-contracts-count")).toHaveText("5");
});

test("a higher rate is accepted through its confirmation; cancel leaves it waiting", async ({ page }, testInfo) => {
  const username = await freshAgent(scriptsOn(testInfo) ? "c" : "d");
  await login(page, username, testInfo);
  await expect(page).toHaveURL(/\/contracts\?/);
  if (scriptsOn(testInfo)) await waitForHydration(page);

  await card(page, "daily", "FISH").getByRole("link", { name: "同意" }).click();
  await expect(page).toHaveURL(/\/contracts\/confirm\?/);
  await expect(page.getByTestId("higher-rate-warning")).toContainText("捕鱼日工资");
  await page.getByTestId("confirm-cancel").click();
  await expect(page).toHaveURL(`${BASE_URL}/contracts?redirectTo=%2F`);
  expect(await statusOf(username, "daily", "FISH")).toBe("P");

  await card(page, "dividend", "LOTT").getByRole("link", { name: "同意" }).click();
  await expect(page.getByRole("heading", { name: "确认较高费率" })).toBeVisible();
  await expect(page.locator(".contract-terms")).toContainText("40%");
  await page.getByTestId("confirm-accept").click();
  await expect(page.getByTestId("contracts-done")).toHaveText("已同意该合约。");
  await expect(card(page, "dividend", "LOTT")).toHaveAttribute("data-status", "V");
  expect(await statusOf(username, "dividend", "LOTT")).toBe("V");
});

test("a double click on accept acts once", async ({ page }, testInfo) => {
  const username = await freshAgent(scriptsOn(testInfo) ? "e" : "f");
  await login(page, username, testInfo);
  await expect(page).toHaveURL(/\/contracts\?/);
  if (scriptsOn(testInfo)) await waitForHydration(page);
  const accept = card(page, "realtime", "SPORTS").getByRole("button", { name: "同意" });
  await accept.dblclick();
  await expect(page.getByTestId("contracts-done")).toHaveText("已同意该合约。");
  await expect(page.getByTestId("contracts-error")).toHaveCount(0);
  expect(await statusOf(username, "realtime", "SPORTS")).toBe("V");
  // The page reloaded after the action shows the list read again, the real-time one now active.
  await page.reload();
  await expect(card(page, "realtime", "SPORTS")).toHaveAttribute("data-status", "V");
});

test("requests that arrive during the visit open once on the next page view", async ({ page }, testInfo) => {
  const username = await freshAgent(scriptsOn(testInfo) ? "g" : "h", false);
  await login(page, username, testInfo);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByTestId("header-contracts")).toHaveCount(0);
  await reference("/__reference/contracts/reset", { username });
  // The portal keeps the list two seconds per player, on its own clock in the server process
  // the journey drives from outside (page.clock moves the browser's only): the journey lets them
  // pass. tests/contracts/contracts-journey.test.ts moves that clock instead.
  await page.waitForTimeout(2_100);
  await open(page, "/live", testInfo);
  if (scriptsOn(testInfo)) {
    await expect(page).toHaveURL(`${BASE_URL}/contracts?redirectTo=%2Flive`);
    const dialog = page.locator("dialog.contracts-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "合约请求" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(`${BASE_URL}/live`);
  } else {
    await expect(page.getByTestId("contracts-notice")).toContainText("您有 7 份合约请求待处理。");
    await page.getByTestId("contracts-notice").getByRole("link").click();
    await expect(page).toHaveURL(`${BASE_URL}/contracts?redirectTo=%2Flive`);
    await page.getByTestId("contracts-close").click();
    await expect(page).toHaveURL(`${BASE_URL}/live`);
  }
  // Seen once: the next pages only show the badge.
  await open(page, "/", testInfo);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByTestId("contracts-notice")).toHaveCount(0);
  await expect(page.getByTestId("header-contracts-count")).toHaveText("7");
});
