/** Journey 4: the header's language form, the /resources/lang page and ?lng=. */
import { expect, test } from "@playwright/test";
import { BASE_URL, CN, loginForm, open, submitLogin } from "./helpers";

const LANGUAGES = ["简体中文", "繁體中文", "日本語", "English", "ไทย", "Tiếng Việt"];

test.describe("language", () => {
  test("the header's language form switches /login to English", async ({ page }, testInfo) => {
    await open(page, "/login", testInfo);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CN.login);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");

    const form = page.locator("header form.language-form");
    await form.locator("select").selectOption({ label: "English" });
    await form.getByRole("button", { name: CN.changeLanguage, exact: true }).click();

    await expect(page).toHaveURL(`${BASE_URL}/login`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("header form.language-form select")).toHaveValue("EN");

    // The choice is remembered for the next page.
    await open(page, "/", testInfo);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("header").getByRole("link", { name: "Log in", exact: true })).toBeVisible();
  });

  test("/resources/lang lists the six languages as buttons and 日本語 switches to Japanese", async ({ page }, testInfo) => {
    await open(page, "/resources/lang", testInfo);
    const buttons = page.locator("main form.language-list button");
    await expect(buttons).toHaveText(LANGUAGES);
    await expect(page.locator("main").getByRole("button", { name: "简体中文", exact: true })).toHaveAttribute("aria-current", "true");

    await page.locator("main").getByRole("button", { name: "日本語", exact: true }).click();

    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(page.locator("header").getByRole("link", { name: "ログイン", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("へようこそ");

    await open(page, "/resources/lang", testInfo);
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

    await open(page, "/resources/lang?lng=EN", testInfo);
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
    const form = page.locator("header form.language-form");
    await form.locator("select").selectOption({ label: "日本語" });
    await form.getByRole("button", { name: "Change", exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/login`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  });
});
