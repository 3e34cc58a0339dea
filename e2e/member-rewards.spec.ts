/**
 * The reward centre (issue 10): a claim with images that ends PENDING, each limit of the apply
 * dialog with its translated message beside the field and the remarks kept, the raffle tips
 * (running with its claim, not started counting down, ended not shown), and the task tabs with a
 * reward request. Each journey with scripts (the dialog is a modal) and without (a page).
 */
import { expect, test, type Page } from "@playwright/test";
import { loginAs, open, OPERATOR_URL, PLAYER, scriptsOn } from "./helpers";

const CENTRE = "/member/rewardCenter";
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const png = (name = "receipt.png") => ({ name, mimeType: "image/png", buffer: PNG });
const MESSAGES = {
  remark: "请填写备注，最多 140 个字符",
  tooMany: "最多只能上传 3 张图片",
  tooLarge: "图片大小不能超过 5MB",
  wrongType: "图片格式仅支持 jpg、jpeg、png",
};

test.beforeEach(async () => {
  const res = await fetch(`${OPERATOR_URL}/__reference/promotion-claims/reset`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: PLAYER.username }),
  });
  expect(res.ok).toBe(true);
});

const promotion = (page: Page, title: string) => page.locator(".reward-item", { hasText: title });
const dialog = (page: Page) => page.getByTestId("apply-reward");

async function openDialog(page: Page, title: string, testInfo: Parameters<typeof open>[2]) {
  await open(page, CENTRE, testInfo);
  await promotion(page, title).getByRole("link", { name: "申请" }).click();
  await expect(page).toHaveURL(/\/member\/rewardCenter\/apply\/\d+$/);
  await expect(dialog(page)).toBeVisible();
  if (scriptsOn(testInfo)) await expect(page.locator("dialog.modal[open]")).toBeVisible();
}

async function storedClaims(): Promise<{ status: string; remarks: string; images: { kind: string; size: number }[] }[]> {
  const res = await fetch(`${OPERATOR_URL}/__reference/promotion-claims?username=${PLAYER.username}`);
  return ((await res.json()).value as { status: string; remarks: string; images: { kind: string; size: number }[] }[]).filter(
    (c) => c.status === "PENDING",
  );
}

test("a claim with images is sent and the promotion shows PENDING", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await openDialog(page, "首存红利申请", testInfo);
  await dialog(page).locator("textarea[name=remarks]").fill("首存 100 元");
  await dialog(page)
    .locator("input[name=pictures]")
    .setInputFiles([png(), { name: "photo.jpg", mimeType: "image/jpeg", buffer: JPEG }]);
  await dialog(page).getByRole("button", { name: "提交申请" }).click();
  await expect(page).toHaveURL(new RegExp(`${CENTRE}$`));
  await expect(page.locator(".notice", { hasText: "申请已提交" })).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect(promotion(page, "首存红利申请").locator(".claim-status")).toHaveText("审核中");
  await expect(promotion(page, "首存红利申请").getByRole("link", { name: "申请" })).toHaveCount(0);
  await expect(page.getByTestId("claim-list").locator("tr", { hasText: "首存红利申请" })).toContainText("审核中");
  const [claim] = await storedClaims();
  expect(claim.remarks).toBe("首存 100 元");
  expect(claim.images.map((i) => i.kind)).toEqual(["png", "jpeg"]);
});

test("each limit of the dialog answers beside its field and keeps the remarks", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  const big = Buffer.alloc(6 * 1024 * 1024);
  PNG.copy(big);
  const cases: [string, Parameters<Page["setInputFiles"]>[1], string, string][] = [
    ["four images", [png("a.png"), png("b.png"), png("c.png"), png("d.png")], "pictures", MESSAGES.tooMany],
    ["a 6 MB image", [{ name: "big.png", mimeType: "image/png", buffer: big }], "pictures", MESSAGES.tooLarge],
    ["a gif", [{ name: "anim.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a\x01\x00\x01\x00") }], "pictures", MESSAGES.wrongType],
    [
      "a .jpg that is no image",
      [{ name: "fake.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a jpeg at all") }],
      "pictures",
      MESSAGES.wrongType,
    ],
  ];
  await openDialog(page, "首存红利申请", testInfo);
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/apply/")) posts.push(r.url());
  });
  for (const [label, files, field, message] of cases) {
    await dialog(page).locator("textarea[name=remarks]").fill(`remark for ${label}`);
    await dialog(page).locator("input[name=pictures]").setInputFiles(files);
    await dialog(page).getByRole("button", { name: "提交申请" }).click();
    const error = dialog(page).locator(`.field:has([name=${field}]) .field__error`);
    await expect(error, label).toHaveText(message);
    await expect(dialog(page).locator(".error-summary"), label).toContainText(message);
    await expect(dialog(page).locator("textarea[name=remarks]"), label).toHaveValue(`remark for ${label}`);
    // With scripts the browser answers count, size and type before sending anything.
    if (scriptsOn(testInfo) && label !== "a .jpg that is no image") expect(posts, label).toEqual([]);
  }
  // 141 characters of remarks, with a good image.
  await dialog(page).locator("textarea[name=remarks]").fill("字".repeat(141));
  await dialog(page).locator("input[name=pictures]").setInputFiles([png()]);
  await dialog(page).getByRole("button", { name: "提交申请" }).click();
  await expect(dialog(page).locator(".field:has([name=remarks]) .field__error")).toHaveText(MESSAGES.remark);
  await expect(dialog(page).locator("textarea[name=remarks]")).toHaveValue("字".repeat(141));
  expect(await storedClaims()).toEqual([]);
  if (scriptsOn(testInfo)) {
    // Escape closes the modal: back to the reward centre.
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(new RegExp(`${CENTRE}$`));
    await expect(dialog(page)).toHaveCount(0);
  }
});

test("the raffle tips: the running one is claimed, the later one counts down, the ended one is not shown", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await open(page, CENTRE, testInfo);
  const tips = page.locator(".raffle-tip");
  await expect(tips).toHaveCount(2);
  await expect(page.locator(".raffle-tip", { hasText: "上周幸运抽奖" })).toHaveCount(0);
  const countdown = page.getByTestId("raffle-countdown");
  await expect(countdown).toHaveText(/^距离开始还有 0[12]:\d\d:\d\d$/);
  if (scriptsOn(testInfo)) {
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first!, { timeout: 3_000 });
  }
  await page.locator(".raffle-tip", { hasText: "周末幸运抽奖" }).getByRole("button", { name: "领取抽奖券" }).click();
  await expect(page.locator(".notice", { hasText: /已领取抽奖券 RT[0-9A-F]+/ })).toBeVisible();
  await expect(tips).toHaveCount(1);
  await expect(tips.first()).toContainText("午夜幸运抽奖");
});

test("the task tabs are links, and a finished task's reward is requested", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await open(page, CENTRE, testInfo);
  await expect(page.getByRole("link", { name: "优惠列表" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "签到任务" }).click();
  await expect(page).toHaveURL(/tab=signInTask/);
  const done = page.locator(".reward-item", { hasText: "连续签到 3 天" });
  await expect(done).toContainText("进度 3/3");
  await expect(page.locator(".reward-item", { hasText: "连续签到 7 天" })).toContainText("进行中");
  await done.getByRole("button", { name: "领取奖励" }).click();
  await expect(page.locator(".notice", { hasText: "任务奖励已申请" })).toBeVisible();
  await expect(page).toHaveURL(/tab=signInTask/);
  await expect(done).toContainText("已申请");
  await page.getByRole("link", { name: "新手任务" }).click();
  await expect(page).toHaveURL(/tab=newbieTask/);
  await expect(page.locator(".reward-item", { hasText: "完成首次存款" })).toBeVisible();
  await page.getByRole("link", { name: "救援任务" }).click();
  await expect(page.locator(".reward-item", { hasText: "单日亏损救援" })).toBeVisible();
});

test("an empty claim that needs both gets both warnings at once, beside their fields and in the summary", async ({ page }, testInfo) => {
  await loginAs(page, PLAYER, testInfo);
  await openDialog(page, "首存红利申请", testInfo);
  await dialog(page).getByRole("button", { name: "提交申请" }).click();
  await expect(dialog(page).locator(".field:has([name=remarks]) .field__error")).toHaveText(MESSAGES.remark);
  await expect(dialog(page).locator(".field:has([name=pictures]) .field__error")).toHaveText("请上传图片");
  await expect(dialog(page).locator(".error-summary li")).toHaveCount(2);
  expect(await storedClaims()).toEqual([]);
});
