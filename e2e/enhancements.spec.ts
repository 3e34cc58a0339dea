/** Journey 6 (scripts only): validation on blur and the pending state of the submit button. */
import { expect, test, type Request } from "@playwright/test";
import { BASE_URL, CN, loginForm, open, PLAYER, requestsSoFar, scriptsOn } from "./helpers";

test.describe("with scripts: validation on blur and pending state", () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook destructures
  test.beforeEach(({}, testInfo) => {
    test.skip(!scriptsOn(testInfo), "needs scripts");
  });

  test("a short username is reported on blur, before any submit", async ({ page }, testInfo) => {
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request);
    });
    const f = loginForm(page);
    await open(page, "/login", testInfo);
    await expect(f.fieldError("username")).toHaveCount(0);

    await f.username.click();
    await f.username.pressSequentially("abc");
    await expect(f.fieldError("username"), "no message while typing the first time").toHaveCount(0);
    await f.username.press("Tab");

    await expect(f.fieldError("username")).toHaveText(CN.usernamePattern);
    await expect(f.username).toHaveAttribute("aria-invalid", "true");
    await expect(f.password).toBeFocused();
    await expect(f.fieldError("password"), "the untouched password is not judged yet").toHaveCount(0);
    await requestsSoFar(page);
    expect(posts, "no POST was made").toHaveLength(0);
    await expect(page).toHaveURL(`${BASE_URL}/login`);

    // Once shown, the message follows the input.
    await f.username.fill(PLAYER.username);
    await expect(f.fieldError("username")).toHaveCount(0);
    expect(posts).toHaveLength(0);
  });

  test("the submit button is disabled and aria-busy while the login is pending", async ({ page }, testInfo) => {
    // The login post is held until the pending state has been seen, then let through.
    let delayed = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === "/login",
      async (route) => {
        if (route.request().method() === "POST") {
          delayed++;
          await held;
        }
        await route.continue();
      },
    );
    const f = loginForm(page);
    await open(page, "/login", testInfo);
    await expect(f.submit).toBeEnabled();
    await expect(f.submit).toHaveAttribute("aria-busy", "false");

    await f.username.fill(PLAYER.username);
    await f.password.fill(PLAYER.password);
    await f.submit.click();

    await expect(f.submit).toBeDisabled();
    await expect(f.submit).toHaveAttribute("aria-busy", "true");
    await expect(f.submit).toHaveText(CN.loggingIn);
    release();

    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByTestId("nickname")).toHaveText(PLAYER.nickname);
    expect(delayed).toBe(1);
  });
});

test.describe("with scripts: a form whose code arrives after the page (decision 043)", () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook destructures
  test.beforeEach(({}, testInfo) => {
    test.skip(!scriptsOn(testInfo), "needs scripts");
  });

  test("the server's form stays while its code is on the way: what is typed is kept, and the checks come after", async ({ page }) => {
    // The login panel's chunk (its form and conform) is held until the rest of the page is alive.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/build\/_shared\/login-panel-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const f = loginForm(page);
    await page.goto("/login");
    await page.waitForFunction(() => {
      const footer = document.querySelector("footer");
      return Boolean(footer && Object.keys(footer).some((key) => key.startsWith("__reactProps")));
    });
    await expect(page.locator("html")).toHaveAttribute("data-client-checks", "loading");
    await expect(f.username, "the form the server drew is there").toBeVisible();
    await f.username.fill("abc");

    release();
    await expect(page.locator("html")).toHaveAttribute("data-client-checks", "ready");
    await expect(f.username, "typed before the code came, kept after").toHaveValue("abc");
    await f.username.focus();
    await f.username.press("Tab");
    await expect(f.fieldError("username")).toHaveText(CN.usernamePattern);
  });
});
