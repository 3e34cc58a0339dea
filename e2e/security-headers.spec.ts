/** Journey 8: security headers of the login page, and CSRF protection of its form. */
import { expect, test } from "@playwright/test";
import { BASE_URL, loginAs, OPERATOR_URL, open, PLAYER, reference } from "./helpers";

test.describe("security headers and CSRF", () => {
  test("GET /login sends a CSP with frame-ancestors 'none' and a script nonce, and nosniff", async ({ page }, testInfo) => {
    const response = await open(page, "/login", testInfo);
    expect(response?.status()).toBe(200);
    const csp = await response!.headerValue("content-security-policy");
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /script-src [^;]*'nonce-([A-Za-z0-9+/=_-]+)'/.exec(csp ?? "")?.[1];
    expect(nonce, "script-src carries a nonce").toBeTruthy();

    const nosniff = await response!.headerValue("x-content-type-options");
    expect(nosniff).toBeTruthy();
    for (const value of nosniff!.split(",")) expect(value.trim().toLowerCase()).toBe("nosniff");

    // Every inline and module script of the page carries this response's nonce.
    const html = await response!.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    // A fresh nonce per response.
    const again = await page.request.get("/login");
    expect(again.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);
  });

  test("a first visit gets one device id and no session row: viewing /login writes nothing", async ({ playwright }) => {
    const fresh = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const response = await fresh.get("/login");
    const cookies = response
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value);
    expect(cookies.filter((c) => c.startsWith("device_id=")).length).toBe(1);
    expect(cookies.some((c) => c.startsWith("__session="))).toBe(false);
    await fresh.dispose();
  });

  test("a POST to /login without the csrf field is refused with 403", async ({ page }, testInfo) => {
    await open(page, "/login", testInfo); // the browser holds the csrf cookie
    const response = await page.request.post("/login", {
      form: { username: PLAYER.username, password: PLAYER.password, redirectTo: "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).not.toContain(PLAYER.password);

    // And the browser is not logged in.
    await page.reload();
    await expect(page.getByTestId("nickname")).toHaveCount(0);
  });
});

test.describe("content security policy in practice", () => {
  test("the account pages break no rule of their own policy (honeypot, captcha, tabs, dialogs)", async ({ page }, testInfo) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    for (const url of [
      "/login",
      "/login?tab=sms",
      "/register?step=form",
      "/register?step=form&tab=mobile",
      "/forgot-password",
      "/forgot-password?tab=email",
    ]) {
      await open(page, url, testInfo);
    }
    expect(violations).toEqual([]);
  });
});

test.describe("game frames and their policy (issue 22)", () => {
  test("the lobby's form-action and frame-src name origins, not every https: origin; HSTS is not sent over plain http", async ({
    page,
  }, testInfo) => {
    const response = await open(page, "/electron?page=SLO", testInfo);
    const csp = (await response!.headerValue("content-security-policy")) ?? "";
    for (const directive of ["form-action", "frame-src"]) {
      const sources = new RegExp(`${directive} ([^;]*)`).exec(csp)?.[1].split(" ") ?? [];
      expect(sources, directive).not.toContain("https:");
      expect(sources, directive).not.toContain("http:");
    }
    expect(await response!.headerValue("strict-transport-security")).toBeNull();
  });

  test("the lottery frame is sandboxed without top navigation, and its Back still leaves the frame on a click", async ({
    page,
  }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);
    await open(page, "/lottery?gameCode=CQSSC", testInfo);
    const element = page.getByTestId("lottery-frame");
    const sandbox = ((await element.getAttribute("sandbox")) ?? "").split(" ");
    expect(sandbox).toContain("allow-scripts");
    expect(sandbox).not.toContain("allow-top-navigation");
    const frame = page.frameLocator('[data-testid="lottery-frame"]');
    await expect(frame.locator('[data-fact="Game code"]')).toHaveText("CQSSC");
    // A link with target="_top" that the player clicks: a user-activated navigation the sandbox allows.
    await frame.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/lott`);
  });

  test("a game on a host the lobby did not name yet still opens, scripts on and off", async ({ page }, testInfo) => {
    await loginAs(page, PLAYER, testInfo);
    await open(page, "/electron?page=SLO", testInfo);
    // The operator's own server under a name of its own for this run (Chromium resolves any
    // *.localhost to this machine): an origin no page of this portal has named yet.
    const host = `http://${testInfo.project.name}-${Date.now()}.localhost:${new URL(OPERATOR_URL).port}`;
    await reference("/__reference/cdns", { launchGameCDNs: [host] });
    try {
      // No page is loaded in between: the lobby in the tab was drawn before the host was named.
      const popupPromise = page.context().waitForEvent("page");
      const tile = page.locator("li.game-tile").filter({ hasNotText: "Test:" }).nth(2);
      await tile.getByRole("button", { name: /Play|开始游戏/ }).click();
      const popup = await popupPromise;
      await expect(popup).toHaveURL(new RegExp(`^${host}/demo-game/[A-Za-z0-9_-]+$`));
      await expect(popup.locator("[data-account]")).toHaveText(PLAYER.username);
    } finally {
      await reference("/__reference/cdns", { launchGameCDNs: [] });
    }
  });
});
