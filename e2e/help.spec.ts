/**
 * The help centre and the app download page (document 001, section 2: /help, /help#{tag},
 * /download and /app; screens 12 and 16), with scripts and without: the menu list, a topic
 * beside the tree, `#tag` (scripts only: a hash never reaches the server), the deposit and
 * withdrawal pages' `?only=1`, an unknown tag, the operator's HTML drawn cleaned, the QR codes
 * and the install guide (a carousel with scripts, a list without), and the footer's links.
 */
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL, OPERATOR_URL, open, scriptsOn } from "./helpers";

/** The reference operator's CN help tree (server/operator/content/help-*.ts). */
const TOPICS = ["注册账户", "如何存款", "如何提款", "账户安全", "理性游戏", "常见问题", "关于我们"];
const HELP = {
  title: "帮助中心",
  tree: "帮助主题",
  allTopics: "查看全部帮助主题",
  unknown: "未找到该帮助主题，已为您显示第一个主题。",
} as const;

const tree = (page: Page) => page.getByRole("navigation", { name: HELP.tree });
const topicHeading = (page: Page) => page.locator(".help-article > h2");

/** With scripts a change of topic reads nothing again: the page stays and the help loader is not asked. */
async function watchReloads(page: Page) {
  const helpReads: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("_data=routes%2F_content%2B%2Fhelp")) helpReads.push(request.url());
  });
  await page.evaluate(() => ((window as unknown as { helpMark: number }).helpMark = 1));
  return async () => {
    expect(await page.evaluate(() => (window as unknown as { helpMark?: number }).helpMark)).toBe(1);
    expect(helpReads).toEqual([]);
  };
}

test.describe("help centre", () => {
  test("/help lists the topics; choosing one shows its text beside the tree", async ({ page }, testInfo) => {
    await open(page, "/help", testInfo);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HELP.title);
    await expect(page.locator(".help-menu > li > h2")).toHaveText(TOPICS);

    const stayed = scriptsOn(testInfo) ? await watchReloads(page) : null;
    await page.locator(".help-menu").getByRole("link", { name: "如何存款", exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/help?tag=deposit`);
    await expect(topicHeading(page)).toHaveText("如何存款");
    await expect(tree(page).getByRole("link", { name: "如何存款", exact: true })).toHaveAttribute("aria-current", "page");
    // The chosen topic's branch is open; the others' children are folded away.
    await expect(tree(page).getByRole("link", { name: "银行转账" })).toBeVisible();
    await expect(tree(page).getByRole("link", { name: "到账时间" })).toBeHidden();
    // The four topics without children, and deposit's branch: deposit itself and its two children.
    // A folded branch shows only its name, which opens it (a summary, not a link).
    await expect(tree(page).getByRole("link")).toHaveCount(7);
    await expect(tree(page).locator("summary")).toHaveText(["如何存款", "如何提款", "常见问题"]);

    await tree(page).getByRole("link", { name: "银行转账" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/help?tag=deposit-bank`);
    await expect(topicHeading(page)).toHaveText("银行转账");
    await tree(page).getByRole("link", { name: "账户安全" }).click();
    await expect(topicHeading(page)).toHaveText("账户安全");
    await stayed?.();
  });

  test("/help#withdraw opens that topic with scripts; without, the menu shows its card", async ({ page }, testInfo) => {
    await open(page, "/help#withdraw", testInfo);
    if (scriptsOn(testInfo)) {
      await expect(topicHeading(page)).toHaveText("如何提款");
      await expect(tree(page).getByRole("link", { name: "如何提款", exact: true })).toHaveAttribute("aria-current", "page");
      const stayed = await watchReloads(page);
      await page.evaluate(() => (window.location.hash = "faq"));
      await expect(topicHeading(page)).toHaveText("常见问题");
      await stayed();
    } else {
      await expect(page.locator(".help-menu > li > h2")).toHaveText(TOPICS);
      await expect(page.locator("#withdraw")).toBeInViewport();
    }
  });

  test("?tag=deposit&only=1 lists only deposit and its children", async ({ page }, testInfo) => {
    await open(page, "/help?tag=deposit&only=1", testInfo);
    await expect(tree(page).getByRole("link")).toHaveText(["如何存款", "银行转账", "电子钱包"]);
    await expect(topicHeading(page)).toHaveText("如何存款");
    await expect(page.getByRole("link", { name: HELP.allTopics })).toHaveAttribute("href", "/help?tag=deposit");

    await tree(page).getByRole("link", { name: "电子钱包" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/help?tag=deposit-ewallet&only=1`);
    await expect(topicHeading(page)).toHaveText("电子钱包");
    await expect(tree(page).getByRole("link")).toHaveText(["如何存款", "银行转账", "电子钱包"]);

    if (scriptsOn(testInfo)) {
      await open(page, "/help?only=1#withdraw", testInfo);
      await expect(tree(page).getByRole("link")).toHaveText(["如何提款", "到账时间", "提款限额"]);
    }
  });

  test("the footer's responsible gaming leads to that topic of the help centre", async ({ page }, testInfo) => {
    await open(page, "/", testInfo);
    await page.locator("footer").getByRole("link", { name: "理性游戏" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/help?tag=responsible-gaming`);
    await expect(topicHeading(page)).toHaveText("理性游戏");
  });

  test("an unknown tag shows the first topic and says so", async ({ page }, testInfo) => {
    await open(page, "/help?tag=no-such-topic", testInfo);
    await expect(page.getByRole("status")).toHaveText(HELP.unknown);
    await expect(topicHeading(page)).toHaveText(TOPICS[0]);
    await expect(tree(page).getByRole("link", { name: TOPICS[0] })).toHaveAttribute("aria-current", "page");
  });

  test("the operator's HTML is drawn cleaned: no script, no event attribute, no inline style", async ({ page }, testInfo) => {
    for (const tag of ["register", "deposit-bank", "withdraw-limits", "faq", "about"]) {
      await open(page, `/help?tag=${tag}`, testInfo);
      const html = await page.locator(".help-article .operator-html").innerHTML();
      expect(html, tag).toMatch(/^</);
      expect(html, tag).not.toMatch(/<script|<iframe|<style|javascript:/i);
      expect(html, tag).not.toMatch(/\s(on\w+|style|class|id)\s*=/i);
    }
  });
});

test.describe("app download", () => {
  const PLATFORMS = [
    { name: "iOS 版", path: "ios" },
    { name: "安卓版", path: "android" },
    { name: "H5 网页版", path: "h5" },
  ];

  test("/download shows a QR code, the name and a link for iOS, Android and H5, and the install guide", async ({ page }, testInfo) => {
    await open(page, "/download", testInfo);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("APP 下载");
    const cards = page.locator(".download-card");
    await expect(cards.locator("h2")).toHaveText(PLATFORMS.map((p) => p.name));
    for (const [i, platform] of PLATFORMS.entries()) {
      const card = cards.nth(i);
      const qr = card.getByRole("img", { name: `${platform.name}二维码` });
      await expect(qr).toHaveAttribute("src", /^data:image\/svg\+xml;base64,/);
      // Drawn, so the CSP let the data: image through.
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(card.getByRole("link")).toHaveAttribute("href", `${OPERATOR_URL}/demo-content/app/${platform.path}`);
    }

    const guide = page.locator(".install-guide");
    await expect(guide.getByRole("heading", { level: 2 })).toHaveText("安装指南");
    const steps = guide.locator(".install-guide__step");
    await expect(steps).toHaveCount(6);
    if (scriptsOn(testInfo)) {
      await expect(steps.nth(0)).toBeInViewport({ ratio: 0.9 });
      await expect(steps.nth(1)).not.toBeInViewport();
      await expect(guide.getByRole("button", { name: "上一步" })).toBeDisabled();
      await guide.getByRole("button", { name: "下一步" }).click();
      await expect(steps.nth(1)).toBeInViewport({ ratio: 0.9 });
      await expect(steps.nth(0)).not.toBeInViewport();
      await expect(guide.getByRole("button", { name: "第 2 步，共 6 步" })).toHaveAttribute("aria-current", "true");
      const box = await steps.nth(1).boundingBox();
      expect(Math.round(box!.width)).toBe(270);
    } else {
      for (let i = 0; i < 6; i++) await expect(steps.nth(i)).toBeVisible();
      await expect(guide.getByRole("button")).toHaveCount(0);
    }
  });

  test("/app answers the same page", async ({ page }, testInfo) => {
    const response = await open(page, "/app", testInfo);
    await expect(page).toHaveURL(`${BASE_URL}/download`);
    expect(response?.request().redirectedFrom()?.url()).toBe(`${BASE_URL}/app`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("APP 下载");
    await expect(page.locator(".download-card")).toHaveCount(3);
  });
});

test("the footer leads to the help centre and the app download", async ({ page }, testInfo) => {
  await open(page, "/", testInfo);
  const footer = page.locator("footer");
  await expect(footer.getByRole("link", { name: "APP 下载" })).toHaveAttribute("href", "/download");
  await footer.getByRole("link", { name: "帮助中心" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/help`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HELP.title);
});
