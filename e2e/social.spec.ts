/**
 * Social sign-in: the buttons with and without scripts, and the bind-or-register page reached
 * with an ID token made by the test (signed as the reference operator verifies) and posted
 * through the form the way the browser's script posts it.
 */
import { expect, test, type Page } from "@playwright/test";
import { signReferenceFirebaseToken } from "../server/operator/session/identity";
import { BASE_URL, logOut, open, scriptsOn } from "./helpers";
import { createMember, OTHER_WAYS_PAGE, setFirebaseConfig, setSwitches, SOCIAL_CN, uniqueName } from "./social-helpers";

test.afterEach(async () => {
  await setFirebaseConfig();
  await setSwitches({ GOOGLELOGIN3: true, FIREBASECREATEACC3: true, SSOMANUALREG3: true });
});

/** What the button's script does once the identity service answered: fill the token, submit the form. */
async function postIdToken(page: Page, token: string, channel = "google") {
  const form = page.locator(`form[action="/login/firebase"]:has(input[name="firebaseChannel"][value="${channel}"])`);
  // The post answers 303 (to /login/bind, home, or back to /login with a notice): wait for the page it leads to.
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/login/firebase"),
    page.waitForEvent("load"),
    form.evaluate((el, value) => {
      (el.querySelector('input[name="firebaseIdToken"]') as HTMLInputElement).value = value;
      (el as HTMLFormElement).submit();
    }, token),
  ]);
}

const googleToken = (name = "Social Tester") => signReferenceFirebaseToken({ sub: uniqueName("sub"), provider: "google.com", name });

test.describe("social buttons", () => {
  test("need scripts: without them they are disabled and say so; with them they work", async ({ page }, testInfo) => {
    await open(page, OTHER_WAYS_PAGE, testInfo);
    const google = page.getByRole("button", { name: SOCIAL_CN.google });
    if (scriptsOn(testInfo)) {
      await expect(google).toBeEnabled();
      await expect(page.getByText(SOCIAL_CN.needsScripts)).toHaveCount(0);
    } else {
      await expect(google).toBeDisabled();
      await expect(page.getByTestId("social-needs-scripts")).toHaveText(SOCIAL_CN.needsScripts);
    }
  });

  test("without an identity-service configuration: 'site not support Google Service.'", async ({ page }, testInfo) => {
    await setFirebaseConfig(null);
    await open(page, OTHER_WAYS_PAGE, testInfo);
    if (scriptsOn(testInfo)) {
      await page.getByRole("button", { name: SOCIAL_CN.google }).click();
      await expect(page.getByTestId("social-message")).toHaveText(SOCIAL_CN.noGoogle);
      await expect(page).toHaveURL(`${BASE_URL}${OTHER_WAYS_PAGE}`);
    } else {
      await postIdToken(page, googleToken());
      await expect(page).toHaveURL(`${BASE_URL}/login`);
      await expect(page.locator(".notice")).toHaveText(SOCIAL_CN.noGoogle);
    }
  });

  test("switched off, a provider's button is absent", async ({ page }, testInfo) => {
    await setSwitches({ GOOGLELOGIN3: false });
    await open(page, OTHER_WAYS_PAGE, testInfo);
    await expect(page.getByRole("button", { name: SOCIAL_CN.google })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "使用 LINE 登录" })).toBeVisible();
  });
});

test.describe("bind or register", () => {
  test("an unknown identity opens /login/bind; a wrong password is refused, the right one binds and logs in", async ({
    page,
  }, testInfo) => {
    const username = uniqueName("e2eb");
    await createMember({ username, password: "Secret123", nickname: "Bound Player" });
    const token = googleToken();
    await open(page, OTHER_WAYS_PAGE, testInfo);
    await postIdToken(page, token);

    await expect(page).toHaveURL(`${BASE_URL}/login/bind?redirectTo=%2F`);
    await expect(page.getByRole("heading", { name: SOCIAL_CN.bindTitle })).toBeVisible();
    expect(await page.content()).not.toContain(token);
    await expect(page.getByRole("button", { name: SOCIAL_CN.autoRegister })).toBeVisible();
    await expect(page.getByRole("link", { name: SOCIAL_CN.manualRegister })).toHaveAttribute("href", "/register");

    const form = page.locator("form#bind");
    await form.locator('input[name="username"]').fill(username);
    await form.locator('input[name="password"]').fill("WrongPass1");
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/login/bind"),
      form.getByRole("button", { name: SOCIAL_CN.bindSubmit }).click(),
    ]);
    expect(refused.status()).toBe(400);
    await expect(page.locator('.field:has(input[name="password"]) .field__error')).toHaveText(SOCIAL_CN.incorrectPassword);
    await expect(page.locator(".error-summary")).toContainText(SOCIAL_CN.incorrectPassword);
    await expect(form.locator('input[name="username"]')).toHaveValue(username);
    await expect(form.locator('input[name="password"]')).toHaveValue("");

    await form.locator('input[name="password"]').fill("Secret123");
    await form.getByRole("button", { name: SOCIAL_CN.bindSubmit }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByTestId("nickname")).toHaveText("Bound Player");
  });

  test("automatic registration makes an account and logs it in; without the switches only binding is offered", async ({
    page,
  }, testInfo) => {
    await open(page, OTHER_WAYS_PAGE, testInfo);
    await postIdToken(page, googleToken("Auto Player"));
    await page.getByRole("button", { name: SOCIAL_CN.autoRegister }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByTestId("nickname")).toHaveText("Auto Player");

    await logOut(page);
    await expect(page.getByTestId("nickname")).toHaveCount(0);
    await setSwitches({ FIREBASECREATEACC3: false, SSOMANUALREG3: false });
    await open(page, OTHER_WAYS_PAGE, testInfo);
    await postIdToken(page, googleToken());
    await expect(page.getByRole("heading", { name: SOCIAL_CN.bindTitle })).toBeVisible();
    await expect(page.getByRole("button", { name: SOCIAL_CN.autoRegister })).toHaveCount(0);
    await expect(page.getByRole("link", { name: SOCIAL_CN.manualRegister })).toHaveCount(0);
  });
});
