/**
 * Site states and customer service (issue 26): under maintenance every page is the maintenance
 * page (503), a region closed to the visitor gets the access-denied page (403), and customer
 * service opens from there, from the footer's page and from the domain-check dialog. The
 * journeys' server reads the operator's status on every view (SITE_STATUS_MS=0), so switching it
 * at the reference operator takes effect at once; each test switches it back.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { readFileSync } from "node:fs";
import { BASE_URL, loginAs, OPERATOR_URL, open, PLAYER, reference, scriptsOn, waitForHydration } from "./helpers";

const common = (lang: string) => JSON.parse(readFileSync(`public/locales/${lang}/common.json`, "utf8")) as Record<string, string>;
const CN = common("CN");
const EN = common("EN");

const setStatus = (status: Record<string, unknown>) => reference("/__reference/site-status", status);

test.afterEach(async () => {
  await setStatus({ maintenance: false, regionRestriction: false, maintenanceStart: null, maintenanceEnd: null });
});

/** Records what window.open was asked for, so a test can read the service window's features. */
async function recordWindowOpens(page: Page) {
  await page.addInitScript(() => {
    const opened: string[] = [];
    (window as unknown as { __opened: string[] }).__opened = opened;
    const open = window.open.bind(window);
    window.open = (url?: string | URL, target?: string, features?: string) => {
      opened.push(`${String(url)} ${target ?? ""} ${features ?? ""}`);
      return open(url, target, features);
    };
  });
}

/** Opens the customer-service menu's first entry; answers the page it opened. */
async function openFirstService(page: Page, testInfo: TestInfo) {
  const closed = page.getByTestId("site-closed");
  await closed.locator("summary", { hasText: CN.site_contact_us }).click();
  const entry = closed.getByRole("link", { name: /在线客服/ });
  await expect(entry).toBeVisible();
  const popup = page.context().waitForEvent("page");
  await entry.click();
  const service = await popup;
  await expect(service).toHaveURL(`${OPERATOR_URL}/demo-service/livechat`);
  if (scriptsOn(testInfo)) {
    const opened = await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);
    expect(opened).toEqual([`${OPERATOR_URL}/demo-service/livechat customer-service popup=yes,width=440,height=750`]);
  }
  return service;
}

test.describe("maintenance", () => {
  test("every page is the maintenance page: 503, both titles, the times, the IP, and customer service opens", async ({
    page,
  }, testInfo) => {
    await recordWindowOpens(page);
    await setStatus({ maintenance: true, maintenanceStart: "2026-11-27T06:00:00+08:00", maintenanceEnd: "2099-11-27T08:30:00+08:00" });
    for (const path of ["/", "/lott", "/member"]) {
      const response = await open(page, path, testInfo);
      expect(response?.status(), path).toBe(503);
      await expect(page.getByTestId("site-closed")).toBeVisible();
    }
    const closed = page.getByTestId("site-closed");
    await expect(closed.getByRole("heading", { level: 1 })).toContainText(EN.site_maintenance_title);
    await expect(closed.getByRole("heading", { level: 1 })).toContainText(CN.site_maintenance_title);
    await expect(closed).toContainText(CN.site_maintenance_text);
    await expect(page.getByTestId("site-closed-end")).toHaveText("2099/11/27 08:30 (UTC+08:00)");
    await expect(page.getByTestId("site-closed-ip")).toHaveText("127.0.0.1");
    await expect(page).toHaveTitle(`${EN.site_maintenance_title} · ${CN.site_maintenance_title}`);
    const service = await openFirstService(page, testInfo);
    await expect(service.locator("[data-channel]")).toHaveText("livechat");
  });

  test("a page already open leads to the maintenance page on its next click", async ({ page }, testInfo) => {
    await open(page, "/", testInfo);
    await setStatus({ maintenance: true });
    await page.getByTestId("game-menu").getByRole("link", { name: "彩票", exact: true }).first().click();
    await expect(page.getByTestId("site-closed")).toBeVisible();
    await expect(page.getByTestId("site-closed")).toHaveAttribute("data-kind", "maintenance");
  });

  test("a post is not carried out: the login form answers the maintenance page", async ({ page }, testInfo) => {
    await open(page, "/login", testInfo);
    await setStatus({ maintenance: true });
    const form = page.locator("form:has(input[name=password])").first();
    await form.locator("input[name=username]").fill(PLAYER.username);
    await form.locator("input[name=password]").fill(PLAYER.password);
    await form.locator("button[type=submit]").first().click();
    await expect(page.getByTestId("site-closed")).toBeVisible();
    await setStatus({ maintenance: false });
    await open(page, "/", testInfo);
    // Not logged in.
    await expect(page.getByTestId("nickname")).toHaveCount(0);
  });

  test("on a phone the page fits the screen", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await setStatus({ maintenance: true, maintenanceEnd: "2099-11-27T08:30:00+08:00" });
    await open(page, "/", testInfo);
    await expect(page.getByTestId("site-closed")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("a region the site is closed to", () => {
  test("answers 403 with the access-denied page and the visitor's IP", async ({ page }, testInfo) => {
    await setStatus({ regionRestriction: true });
    const response = await open(page, "/", testInfo);
    expect(response?.status()).toBe(403);
    const closed = page.getByTestId("site-closed");
    await expect(closed).toHaveAttribute("data-kind", "restricted");
    await expect(closed.getByRole("heading", { level: 1 })).toContainText(EN.site_restricted_title);
    await expect(closed).toContainText(CN.site_restricted_text);
    await expect(page.getByTestId("site-closed-ip")).toHaveText("127.0.0.1");
  });
});

test.describe("customer service", () => {
  test("the footer leads to the service page: a guest's entries, and a Gold player's own", async ({ page }, testInfo) => {
    await recordWindowOpens(page);
    await open(page, "/", testInfo);
    await page.locator("footer").getByRole("link", { name: CN.customer_service }).click();
    await expect(page).toHaveURL(`${BASE_URL}/service`);
    if (scriptsOn(testInfo)) await waitForHydration(page);
    const list = page.getByTestId("service-page");
    await expect(list.getByRole("link")).toHaveCount(2);
    const popup = page.context().waitForEvent("page");
    await list.getByRole("link", { name: /Comm100/ }).click();
    await expect(await popup).toHaveURL(`${OPERATOR_URL}/demo-service/comm100`);

    await loginAs(page, PLAYER, testInfo);
    await open(page, "/service", testInfo);
    await expect(list.getByRole("link")).toHaveCount(1);
    await expect(list.getByRole("link")).toHaveAttribute("href", `${OPERATOR_URL}/demo-service/vip-gold`);
  });
});
