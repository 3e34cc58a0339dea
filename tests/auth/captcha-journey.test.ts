/**
 * The captcha after a post that sent an answer, through the route modules against the reference
 * operator (whose answers are single use): the page drawn next shows a new image whose digits
 * log in, and a wrong answer reads differently from a missing one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { args, CookieJar, getRequest, postRequest, run, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let login: typeof import("~/routes/_auth+/login");
let register: typeof import("~/routes/_auth+/register");

beforeAll(async () => {
  operator = await startPortalEnv();
  root = await import("~/root");
  login = await import("~/routes/_auth+/login");
  register = await import("~/routes/_auth+/register");
});

afterAll(async () => {
  await operator.close();
});

const codes = async (deviceId: string) => (await (await fetch(`${operator.url}/__reference/codes?deviceId=${deviceId}`)).json()).value;

/** The digits a reference captcha image shows (its SVG text), to compare with the live answer. */
const digitsOf = (image: string) =>
  [
    ...Buffer.from(image.split(",")[1], "base64")
      .toString()
      .matchAll(/>(\d)<\/text>/g),
  ]
    .map((m) => m[1])
    .join("");

/** A browser on a page: its cookies, CSRF token and device id. */
async function browser(url: string) {
  const jar = new CookieJar();
  const rootData = await jar.take(await run(() => root.loader(args(getRequest(url, jar))))).json();
  const deviceId: string = JSON.parse(Buffer.from(decodeURIComponent(jar.get("device_id")!), "base64").toString());
  return { jar, csrf: rootData.csrfToken as string, answer: async () => (await codes(deviceId)).captcha as string };
}

describe("login", () => {
  /** A browser whose username has failed three times: the operator wants a captcha. */
  async function facingCaptcha(username: string) {
    const b = await browser("/login");
    const post = async (fields: Record<string, string>) =>
      b.jar.take(await run(() => login.action(args(postRequest("/login", { csrf: b.csrf, ...fields }, b.jar)))));
    // The page a refused post draws in the same request (no scripts) or right after it (scripts).
    const page = async () => (await run(() => login.loader(args(getRequest("/login", b.jar))))).json();
    for (let i = 0; i < 3; i++) await post({ username, password: "WrongPass1" });
    return { ...b, post, page };
  }

  it("a wrong answer: captcha_incorrect beside the field, and the page drawn at once shows a new image whose digits log in", async () => {
    const b = await facingCaptcha("agent001");
    const first = await b.page();
    expect(first.captchaRequired).toBe(true);
    const shown = await b.answer();
    expect(digitsOf(first.captchaImage)).toBe(shown);

    const wrong = shown === "0000" ? "1111" : "0000";
    const refused = await b.post({ username: "agent001", password: "Agent1234", captcha: wrong });
    expect(refused.status).toBe(400);
    const { result } = await refused.json();
    expect(result.error.captcha).toEqual(["captcha_incorrect"]);

    // Well within the refresh throttle's second: still a new image, for a new answer.
    const second = await b.page();
    expect(second.captchaImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(second.captchaImage).not.toBe(first.captchaImage);
    const answer = await b.answer();
    expect(digitsOf(second.captchaImage)).toBe(answer);

    const response = await b.post({ username: "agent001", password: "Agent1234", captcha: answer });
    expect(response.status).toBe(303);
  });

  it("a right answer with a wrong password also used the image up: the next page shows another", async () => {
    const b = await facingCaptcha("expired01");
    const first = await b.page();
    const refused = await b.post({ username: "expired01", password: "WrongPass1", captcha: await b.answer() });
    expect((await refused.json()).result.error.password).toEqual(["in_incorrect_password"]);
    const second = await b.page();
    expect(second.captchaRequired).toBe(true);
    expect(second.captchaImage).not.toBe(first.captchaImage);
    expect(digitsOf(second.captchaImage)).toBe(await b.answer());
  });

  it("a missing answer: captcha_required, and the image stays (the operator was not asked)", async () => {
    const b = await facingCaptcha("nobody777");
    const first = await b.page();
    const refused = await b.post({ username: "nobody777", password: "WrongPass1" });
    expect((await refused.json()).result.error.captcha).toEqual(["captcha_required"]);
    expect((await b.page()).captchaImage).toBe(first.captchaImage);
  });
});

describe("registration", () => {
  it("a wrong answer: captcha_incorrect beside the field, and the form drawn next shows a new image", async () => {
    const b = await browser("/register?step=form");
    const page = async () => (await run(() => register.loader(args(getRequest("/register?step=form", b.jar))))).json();
    const first = await page();
    expect(first.form.captchaImage).toMatch(/^data:image\//);
    const shown = await b.answer();

    const stamp = `${Date.now() % 1_000_000}`.padStart(6, "0");
    const refused = b.jar.take(
      await run(() =>
        register.action(
          args(
            postRequest(
              "/register?step=form",
              {
                csrf: b.csrf,
                name__confirm: "",
                from__confirm: first.form.honeypot.encryptedValidFrom,
                username: `c${stamp}`,
                password: "Secret123",
                verifyPwd: "Secret123",
                mobileNum: `137${stamp}1`,
                captcha: shown === "0000" ? "1111" : "0000",
                agreed: "on",
                intent: "register",
              },
              b.jar,
            ),
          ),
        ),
      ),
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).result.error.captcha).toEqual(["captcha_incorrect"]);
    const second = await page();
    expect(second.form.captchaImage).not.toBe(first.form.captchaImage);
    expect(digitsOf(second.form.captchaImage)).toBe(await b.answer());
  });
});
