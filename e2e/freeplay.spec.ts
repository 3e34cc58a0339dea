/** Free play and the member gate: a trial account is made and kept out of the member centre. */
import { expect, test } from "@playwright/test";
import { BASE_URL, loginAs, logOut, open, PLAYER, submitLogin } from "./helpers";
import { OTHER_WAYS_PAGE, setSwitches, SOCIAL_CN } from "./social-helpers";

test.afterEach(async () => {
  await setSwitches({ FREEPLAY3: true });
});

test.describe("free play", () => {
  test("a press makes a trial account and logs it in; the member centre refuses it", async ({ page }, testInfo) => {
    await open(page, OTHER_WAYS_PAGE, testInfo);
    await page.getByRole("button", { name: SOCIAL_CN.freePlay }).click();

    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByTestId("nickname")).toHaveText(/^guest\d{8}$/);
    await expect(page.getByTestId("balance")).toHaveText("¥2,000.00");

    const response = await page.goto("/member");
    expect(response?.url()).toBe(`${BASE_URL}/`);
    await expect(page.locator(".notice")).toHaveText(SOCIAL_CN.pleaseAccount);
    await expect(page.getByRole("heading", { name: SOCIAL_CN.memberCentre })).toHaveCount(0);
  });

  test("a trial account is offered only what it may use: no password change, no member centre, and why", async ({ page }, testInfo) => {
    await open(page, OTHER_WAYS_PAGE, testInfo);
    await page.getByRole("button", { name: SOCIAL_CN.freePlay }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);

    const header = page.locator("header.site-header");
    await expect(header.getByText(SOCIAL_CN.trialBadge, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: SOCIAL_CN.changePassword })).toHaveCount(0);
    await expect(page.getByRole("link", { name: SOCIAL_CN.memberCentre })).toHaveCount(0);
    await expect(page.getByTestId("trial-hint")).toHaveText(SOCIAL_CN.trialHint);
    await expect(header.getByRole("button", { name: "退出" })).toBeVisible();

    // Typed in by hand, the password change sends it home with the same message as the member centre.
    await page.goto("/change-password");
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.locator(".notice")).toHaveText(SOCIAL_CN.pleaseAccount);
  });

  test("switched off, the button is absent and a post is refused", async ({ page, request }, testInfo) => {
    await setSwitches({ FREEPLAY3: false });
    await open(page, OTHER_WAYS_PAGE, testInfo);
    await expect(page.getByRole("button", { name: SOCIAL_CN.freePlay })).toHaveCount(0);
    const html = await (await request.get(OTHER_WAYS_PAGE)).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(await (await request.get("/login")).text())?.[1] ?? "";
    expect(html).not.toContain("/login/freeplay");
    const post = await request.post("/login/freeplay", { form: { csrf, redirectTo: "" }, maxRedirects: 0 });
    expect(post.status()).toBe(404);
  });
});

test.describe("the member centre", () => {
  test("a guest goes to the login page with in_sorry_in and comes back after logging in", async ({ page }, testInfo) => {
    await open(page, "/member", testInfo);
    await expect(page).toHaveURL(`${BASE_URL}/login?redirectTo=%2Fmember`);
    await expect(page.locator(".notice")).toHaveText(SOCIAL_CN.sorryIn);
    await submitLogin(page, PLAYER);
    await expect(page).toHaveURL(`${BASE_URL}/member`);
    await expect(page.getByTestId("member-account")).toHaveText(PLAYER.username);
  });

  test("a member sees account, nickname, VIP label, balance and the links", async ({ page }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);
    await open(page, "/member", testInfo);
    await expect(page.locator(".member-centre__title")).toHaveText(SOCIAL_CN.memberCentre);
    await expect(page.getByRole("heading", { level: 1, name: "账户总览" })).toBeVisible();
    await expect(page.getByTestId("member-account")).toHaveText(PLAYER.username);
    await expect(page.getByTestId("member-nickname")).toHaveText(PLAYER.nickname);
    await expect(page.getByTestId("member-vip")).toHaveText("Gold");
    await expect(page.getByTestId("member-balance")).toHaveText(PLAYER.balance);
    await expect(page.locator("main").getByRole("link", { name: "修改密码" })).toHaveAttribute("href", "/change-password");
    // The member centre's info bar no longer repeats the header's Log out (issue 23).
    await logOut(page);
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByTestId("nickname")).toHaveCount(0);
  });
});
