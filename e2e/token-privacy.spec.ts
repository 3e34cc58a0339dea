/**
 * Journey 7: the operator token stays on the server. Everything the browser receives during a
 * login and logout — bodies of documents, data requests, scripts and styles, and cookies — is
 * searched for the token held in the portal's session store, and for the password.
 */
import { expect, test, type Response } from "@playwright/test";
import { BASE_URL, CN, decodeRemixCookie, loginAs, logOut, operatorTokens, PLAYER } from "./helpers";

const CHECKED_TYPES = new Set(["document", "fetch", "xhr", "script", "stylesheet"]);

test.describe("the operator token never reaches the browser", () => {
  test("no response body and no cookie carries the token or the password", async ({ page, context }, testInfo) => {
    const bodies: { url: string; type: string; text: string }[] = [];
    const pending: Promise<void>[] = [];
    page.on("response", (response: Response) => {
      const type = response.request().resourceType();
      if (!CHECKED_TYPES.has(type)) return;
      pending.push(
        response
          .body()
          .then((body) => void bodies.push({ url: response.url(), type, text: body.toString("utf8") }))
          .catch(() => undefined), // redirects have no body
      );
    });
    const cookieValues: string[] = [];
    const collectCookies = async () => {
      for (const cookie of await context.cookies()) {
        cookieValues.push(cookie.value);
        try {
          cookieValues.push(JSON.stringify(decodeRemixCookie(cookie.value)));
        } catch {
          cookieValues.push(decodeURIComponent(cookie.value));
        }
      }
    };

    const before = new Set(await operatorTokens());
    await loginAs(page, PLAYER, testInfo);
    await expect(page.getByTestId("balance")).toHaveText(PLAYER.balance);
    await collectCookies();

    const tokens = (await operatorTokens()).filter((token) => !before.has(token));
    expect(tokens, "the login stored exactly one new token on the server").toHaveLength(1);
    const token = tokens[0];
    expect(typeof token).toBe("string");
    expect(token.length).toBeGreaterThan(0);

    // A second page while logged in, then the logout.
    await page.goto("/lang");
    await page.goto("/");
    await logOut(page);
    await expect(page.locator(".notice")).toHaveText(CN.loggedOut);
    await collectCookies();
    expect(await operatorTokens(), "logout removes the session that held the token").not.toContain(token);

    await Promise.all(pending);
    expect(bodies.some((b) => b.type === "document" && b.url.startsWith(BASE_URL))).toBe(true);
    expect(bodies.length).toBeGreaterThan(2);
    for (const body of bodies) {
      expect(body.text.includes(token), `token in the body of ${body.url}`).toBe(false);
      expect(body.text.includes(PLAYER.password), `password in the body of ${body.url}`).toBe(false);
    }
    expect(cookieValues.length).toBeGreaterThan(0);
    for (const value of cookieValues) {
      expect(value.includes(token), "token in a cookie").toBe(false);
      expect(value.includes(PLAYER.password), "password in a cookie").toBe(false);
    }
  });
});
