/**
 * Issue 8, "when the operator fails", through the route modules against the reference
 * operator made slow (then closed): a page view costs at most one time-out and the next ones
 * answer at once; a login, registration or bind post answers the form with the catalogue's retry
 * text, 503, the username kept and no password (decision 018). The client's time-out and the
 * breaker's window are shortened here, and its clock can be moved on.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { signReferenceFirebaseToken } from "../../server/operator/session/identity";
import { args, CookieJar, getRequest, postRequest, run, startPortalEnv } from "../support/portal";

const fault = vi.hoisted(() => ({ timeoutMs: 500, breakerMs: 2_000, skew: 0 }));

vi.mock("~/server/config.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/server/config.server")>();
  return {
    ...actual,
    operatorConfig: () => ({
      ...actual.operatorConfig(),
      timeoutMs: fault.timeoutMs,
      breakerMs: fault.breakerMs,
      now: () => Date.now() + fault.skew,
    }),
  };
});

/** Longer than the time-out: the operator answers, but too late. */
const SLOW_MS = 1_500;
/** One time-out and the work around it (on a busy machine), but short of two. */
const ONE_TIMEOUT = fault.timeoutMs * 1.8;
const LANGUAGE_COOKIE = `lng=${encodeURIComponent(Buffer.from(JSON.stringify("EN")).toString("base64"))}`;

let operator: ReferenceOperator;
let root: typeof import("~/root");
let login: typeof import("~/routes/_auth+/login");
let register: typeof import("~/routes/_auth+/register");
let firebase: typeof import("~/routes/_auth+/login.firebase");
let bind: typeof import("~/routes/_auth+/login_.bind");
let i18n: typeof import("~/i18n/i18n.server");
let client: typeof import("~/operator/operator.server");

beforeAll(async () => {
  operator = await startPortalEnv({ loginAttemptLimit: 1000 });
  root = await import("~/root");
  login = await import("~/routes/_auth+/login");
  register = await import("~/routes/_auth+/register");
  firebase = await import("~/routes/_auth+/login.firebase");
  bind = await import("~/routes/_auth+/login_.bind");
  i18n = await import("~/i18n/i18n.server");
  client = await import("~/operator/operator.server");
});

afterAll(async () => {
  await operator.close();
});

/** Each test starts with a well operator and a closed circuit (the window moved past, a first call as the probe). */
beforeEach(async () => {
  operator.setDelay(0);
  fault.skew += fault.breakerMs;
  client.operatorClient().clearCache();
  await client.operatorClient().call("status", { language: "CN" });
});

const timed = async <T>(work: () => Promise<T>) => {
  const t0 = performance.now();
  const value = await work();
  return { value, ms: performance.now() - t0 };
};

/** A browser that opened /login while the operator was well: its cookies and the page's CSRF token. */
async function loginBrowser() {
  const jar = new CookieJar();
  const rootData = await jar.take(await run(() => root.loader(args(getRequest("/login", jar))))).json();
  jar.take(await run(() => login.loader(args(getRequest("/login", jar)))));
  const csrf: string = rootData.csrfToken;
  const post = (fields: Record<string, string>, cookie = "") => {
    const request = postRequest("/login", { csrf, ...fields }, jar);
    if (cookie) request.headers.set("Cookie", `${request.headers.get("Cookie")}; ${cookie}`);
    return run(() => login.action(args(request)));
  };
  return { jar, post };
}

/** What Remix does for a document GET /login: both loaders at once, then entry.server's language for the render. */
async function pageView(cookie = "") {
  const request = () => new Request("http://portal.test/login", { headers: cookie ? { Cookie: cookie } : {} });
  const [rootAnswer, pageAnswer] = await Promise.all([
    run(() => root.loader(args(request()))),
    run(() => login.loader(args(request()))).catch((error: unknown) => error),
  ]);
  await i18n.getLocale(request());
  return { root: rootAnswer, page: pageAnswer };
}

async function expectRetryForm(response: Response, username: string) {
  expect(response.status).toBe(503);
  const text = await response.text();
  const { result } = JSON.parse(text);
  expect(result.error[""]).toEqual(["timeout, retry please"]);
  expect(result.initialValue.username).toBe(username);
  expect(text).not.toContain("Player123");
  expect(text).not.toContain("Secret123");
}

describe("a page view while the operator times out", () => {
  it("costs one time-out (not three), with the retry text; the next view answers at once", async () => {
    operator.setDelay(SLOW_MS);
    const first = await timed(() => pageView());
    expect(first.ms).toBeLessThan(ONE_TIMEOUT);
    expect(first.value.root.status).toBe(503);
    expect(await first.value.root.json()).toEqual({ notice: { key: "timeout, retry please" } });

    const second = await timed(() => pageView());
    expect(second.ms).toBeLessThan(fault.timeoutMs / 2);
    expect(second.value.root.status).toBe(503);
    const withLanguage = await timed(() => pageView(LANGUAGE_COOKIE));
    expect(withLanguage.ms).toBeLessThan(fault.timeoutMs / 2);
    expect(withLanguage.value.root.status).toBe(503);
  });

  it("after the window the next view probes the operator; once it is well, that view loads whole", async () => {
    operator.setDelay(SLOW_MS);
    await pageView(LANGUAGE_COOKIE);
    fault.skew += fault.breakerMs;
    const probe = await timed(() => pageView(LANGUAGE_COOKIE));
    expect(probe.ms).toBeLessThan(ONE_TIMEOUT);
    expect(probe.value.root.status).toBe(503);

    operator.setDelay(0);
    fault.skew += fault.breakerMs;
    const healed = await pageView(LANGUAGE_COOKIE);
    expect(healed.root.status).toBe(200);
    expect((healed.page as Response).status).toBe(200);
  });
});

describe("a login post while the operator times out", () => {
  it("the login call times out: 503, the retry text in the form's errors, the username kept, no password", async () => {
    const { post } = await loginBrowser();
    operator.setDelay(SLOW_MS);
    await expectRetryForm(await post({ username: "player01", password: "Player123" }), "player01");
  });

  it("the switches are not cached and time out too: the same form answer (was a 500), after one time-out", async () => {
    const { post } = await loginBrowser();
    client.operatorClient().clearCache();
    operator.setDelay(SLOW_MS);
    const { value, ms } = await timed(() => post({ username: "player01", password: "Player123" }));
    await expectRetryForm(value, "player01");
    expect(ms).toBeLessThan(ONE_TIMEOUT);
    // The circuit is open now: the next post answers at once, the same way.
    const next = await timed(() => post({ username: "player01", password: "Player123" }, LANGUAGE_COOKIE));
    await expectRetryForm(next.value, "player01");
    expect(next.ms).toBeLessThan(fault.timeoutMs / 2);
  });
});

describe("a registration post while the operator times out", () => {
  it("answers the form with the retry text (was a 500), the username kept, no password", async () => {
    const jar = new CookieJar();
    const url = "/register?step=form";
    const rootData = await jar.take(await run(() => root.loader(args(getRequest(url, jar))))).json();
    const page = await jar.take(await run(() => register.loader(args(getRequest(url, jar))))).json();
    client.operatorClient().clearCache();
    operator.setDelay(SLOW_MS);
    const fields = {
      csrf: rootData.csrfToken,
      name__confirm: "",
      from__confirm: page.form.honeypot.encryptedValidFrom,
      username: "newbie01",
      password: "Secret123",
      verifyPwd: "Secret123",
      mobileNum: "13912345678",
      captcha: "whatever",
      agreed: "on",
      intent: "register",
    };
    const response = await run(() => register.action(args(postRequest(url, fields, jar))));
    await expectRetryForm(response, "newbie01");
  });
});

describe("a bind post (after a social sign-in) while the operator times out", () => {
  it("answers the form with the retry text (was a 500), the username kept, no password", async () => {
    const { jar } = await loginBrowser();
    const csrf = (await (await run(() => root.loader(args(getRequest("/login", jar))))).json()).csrfToken;
    const post = (url: string, fields: Record<string, string>, action: typeof bind.action) =>
      run(() => action(args(postRequest(url, { csrf, ...fields }, jar)))).then((r) => jar.take(r));
    const idToken = signReferenceFirebaseToken({ sub: `faults-${Date.now()}`, provider: "google.com", name: "Ann Example" });
    const toBind = await post("/login/firebase", { firebaseChannel: "google", firebaseIdToken: idToken, redirectTo: "/" }, firebase.action);
    expect(toBind.headers.get("Location")).toMatch(/^\/login\/bind/);
    client.operatorClient().clearCache();
    operator.setDelay(SLOW_MS);
    const response = await post(
      "/login/bind",
      { intent: "bind", username: "player01", password: "Player123", redirectTo: "/" },
      bind.action,
    );
    await expectRetryForm(response, "player01");
  });
});

describe("a refused connection", () => {
  it("answers the same retry text and logs the operation, kind and cause, never the password or token", async () => {
    const { post } = await loginBrowser();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      client.operatorClient().clearCache();
      await operator.close();
      await expectRetryForm(await post({ username: "player01", password: "Player123" }), "player01");
      const lines = errors.mock.calls.map((call) => call.map(String).join(" "));
      expect(lines[0]).toMatch(/^operator (settings|whitelabel): unreachable \((ECONNREFUSED|UND_ERR_SOCKET)\)/);
      for (const line of lines) expect(line).not.toMatch(/Player123|Authorization|token=/);
    } finally {
      errors.mockRestore();
    }
  });
});
