/** Journey 4: the header's language picker, the /lang page and ?lng=. */
import { expect, test } from "@playwright/test";
import { BASE_URL, CN, loginForm, open, submitLogin } from "./helpers";

const LANGUAGES = ["简体中文", "繁體中文", "日本語", "English", "ไทย", "Tiếng Việt"];

test.describe("language", () => {
  test("the header's language picker switches /login to English", async ({ page }, testInfo) => {
    await open(page, "/login", testInfo);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CN.login);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");

    // A <details>: it opens without scripts too.
    const picker = page.locator("header .language-menu");
    await expect(picker.locator("summary")).toHaveText("简体中文");
    await picker.locator("summary").click();
    await picker.getByRole("button", { name: "English", exact: true }).click();

    await expect(page).toHaveURL(`${BASE_URL}/login`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("header .language-menu summary")).toHaveText("English");
    await page.locator("header .language-menu summary").click();
    await expect(page.locator("header .language-menu").getByRole("button", { name: "English", exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );

    // The choice is remembered for the next page.
    await open(page, "/", testInfo);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("header").getByRole("link", { name: "Log in", exact: true })).toBeVisible();
  });

  test("/lang lists the six languages as buttons and 日本語 switches to Japanese (issue 23: it answered 404)", async ({
    page,
  }, testInfo) => {
    const response = await open(page, "/lang", testInfo);
    expect(response?.status()).toBe(200);
    const buttons = page.locator("main form.language-list button");
    await expect(buttons).toHaveText(LANGUAGES);
    await expect(page.locator("main").getByRole("button", { name: "简体中文", exact: true })).toHaveAttribute("aria-current", "true");

    await page.locator("main").getByRole("button", { name: "日本語", exact: true }).click();

    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(page.locator("header").getByRole("link", { name: "ログイン", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("へようこそ");

    await open(page, "/lang", testInfo);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("言語を選択してください");
    await expect(page.locator("main").getByRole("button", { name: "日本語", exact: true })).toHaveAttribute("aria-current", "true");
  });

  test("?lng=EN switches any page", async ({ page }, testInfo) => {
    await open(page, "/login?lng=EN", testInfo);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    await open(page, "/?lng=EN", testInfo);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome to");

    await open(page, "/lang?lng=EN", testInfo);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose your language");
  });

  test("?lng=EN outlives the address: a wrong password posted to /login answers in English, and a link keeps it", async ({
    page,
  }, testInfo) => {
    await open(page, "/login?lng=EN", testInfo);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    // The form posts to /login without the query; a name nobody has, so no account nears a captcha.
    const f = loginForm(page);
    const response = await submitLogin(page, { username: `en${Date.now() % 100_000_000}`, password: "WrongPass1" });
    expect(response.status()).toBe(400);
    expect(new URL(response.url()).searchParams.has("lng")).toBe(false);
    await expect(f.fieldError("password")).toHaveText("Incorrect username or password.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    await page.locator("main").getByRole("link", { name: "Register", exact: true }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("header").getByRole("link", { name: "Log in", exact: true })).toBeVisible();
  });

  test("the header's selector on a page opened with ?lng= wins over the address", async ({ page }, testInfo) => {
    await open(page, "/login?lng=EN", testInfo);
    const picker = page.locator("header .language-menu");
    await picker.locator("summary").click();
    await picker.getByRole("button", { name: "日本語", exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/login`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  });

  test("/lang?redirectTo= returns the player to that page in the chosen language; the old /resources/lang leads to /lang", async ({
    page,
  }, testInfo) => {
    await open(page, "/lang?redirectTo=%2Fregister", testInfo);
    await page.locator("main").getByRole("button", { name: "ไทย", exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/register`);
    await expect(page.locator("html")).toHaveAttribute("lang", "th");

    await open(page, "/resources/lang?lng=EN", testInfo);
    await expect(page).toHaveURL(`${BASE_URL}/lang?lng=EN`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose your language");
    // A place outside the site is not a way back.
    await open(page, "/lang?redirectTo=https%3A%2F%2Fevil.example%2F", testInfo);
    await page.locator("main").getByRole("button", { name: "English", exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
  });
});
