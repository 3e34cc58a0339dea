/** Journey 4: the header's language form, the /resources/lang page and ?lng=. */
import { expect, test } from "@playwright/test";
import { BASE_URL, CN, open } from "./helpers";

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
});
