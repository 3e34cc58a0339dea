/**
 * Publicity pop-ups after a login (document 000, section 4): the first login shows those with
 * execution A and F, every later one only A, and each login shows them once — dialogs one after
 * another with scripts, a list at the top of the page without. The run's operator starts without
 * its seeded pop-ups (playwright.config.ts); this journey adds two and takes them away after.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { BASE_URL, landedAt, logOut, newMember, open, reference, scriptsOn, submitLogin, waitForHydration } from "./helpers";

const added: number[] = [];
test.beforeAll(async () => {
  added.push(
    (await reference("/__reference/announcements", { kind: "popup", title: "首次登录礼遇", content: "<p>首登专享</p>", execution: "F" }))
      .id,
  );
  added.push(
    (
      await reference("/__reference/announcements", {
        kind: "popup",
        title: "每次登录公告",
        content: "<p>下载 App <strong>多送 5%</strong></p><script>window.__pwned=1</script>",
        execution: "A",
        redirect: "APP_DOWNLOAD",
        // Older than the first: the operator lists pop-ups newest first.
        startDate: Date.now() - 60_000,
      })
    ).id,
  );
});
test.afterAll(async () => {
  await reference("/__reference/announcements", { remove: added });
});

async function logIn(page: Page, account: { username: string; password: string }, testInfo: TestInfo) {
  await open(page, "/login", testInfo);
  await submitLogin(page, account);
  await expect(page).toHaveURL(landedAt("/"));
  if (scriptsOn(testInfo)) await waitForHydration(page);
}

/** The pop-ups this page shows, in order: the dialogs one by one with scripts, the list without. */
async function shownPopups(page: Page, testInfo: TestInfo): Promise<string[]> {
  if (!scriptsOn(testInfo)) {
    const list = page.getByTestId("publicity-list");
    if (!(await list.isVisible())) return [];
    const titles = await list.locator("article h2").allTextContents();
    await expect(
      list
        .locator("article")
        .nth(titles.length - 1)
        .getByRole("link", { name: "立即参与" }),
    ).toHaveAttribute("href", "/download");
    return titles;
  }
  const titles: string[] = [];
  for (;;) {
    const dialog = page.locator("dialog.modal--publicity[open]");
    if (!(await dialog.isVisible())) return titles;
    titles.push((await dialog.getByRole("heading").textContent()) ?? "");
    await expect(dialog.getByRole("heading"))
      .toBeFocused({ timeout: 1000 })
      .catch(() => {});
    const next = dialog.locator(".actions").getByRole("button", { name: /下一则|关闭/ });
    await next.click();
    await expect(page.locator(`dialog.modal--publicity[open] h2:text-is("${titles.at(-1)}")`)).toHaveCount(0);
  }
}

test("a first login shows the A and F pop-ups once, a later login only A", async ({ page }, testInfo) => {
  const member = await newMember("pub", "Player123");
  await logIn(page, member, testInfo);
  // A dialog opened by the page's scripts: wait for it before reading what is shown.
  if (scriptsOn(testInfo)) await expect(page.locator("dialog.modal--publicity[open]")).toBeVisible();
  expect(await shownPopups(page, testInfo)).toEqual(["首次登录礼遇", "每次登录公告"]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  // Shown once a login: the next page and a reload show none.
  await open(page, "/", testInfo);
  await expect(page.locator("dialog.modal--publicity[open]")).toHaveCount(0);
  await expect(page.getByTestId("publicity-list")).toBeHidden();

  await logOut(page);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await logIn(page, member, testInfo);
  if (scriptsOn(testInfo)) await expect(page.locator("dialog.modal--publicity[open]")).toBeVisible();
  expect(await shownPopups(page, testInfo)).toEqual(["每次登录公告"]);
});

test("without scripts the list's close loads the page without it; with scripts Escape moves on", async ({ page }, testInfo) => {
  const member = await newMember("pubx", "Player123");
  await logIn(page, member, testInfo);
  if (!scriptsOn(testInfo)) {
    await page.getByTestId("publicity-list").getByRole("link", { name: "关闭" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByTestId("publicity-list")).toBeHidden();
    return;
  }
  const dialog = page.locator("dialog.modal--publicity[open]");
  await expect(dialog.getByRole("heading")).toHaveText("首次登录礼遇");
  await page.keyboard.press("Escape");
  await expect(dialog.getByRole("heading")).toHaveText("每次登录公告");
  // Its way to the offer leads on, and the dialog goes with it.
  await dialog.getByRole("link", { name: "立即参与" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/download`);
  await expect(dialog).toHaveCount(0);
});
