/**
 * The reference operator as a real HTTP service: every test talks to it over the network, with
 * login payloads encrypted by the portal's own encryptPayload, so a passing login proves the
 * cipher both ways.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptPayload } from "~/operator/encryption.server";
import { startReferenceOperator, WHITELABEL_FEATURES, FEATURES_OFF_BY_DEFAULT, type ReferenceOperator } from "../../server/operator/index";

interface Envelope {
  success: boolean;
  value: any;
  message: string;
  errorCode: string;
}

interface CallOptions {
  method?: string;
  token?: string;
  merchant?: string | null;
  language?: string;
  body?: string;
  headers?: Record<string, string>;
}

async function call(
  op: ReferenceOperator,
  path: string,
  options: CallOptions = {},
): Promise<{ status: number; json: Envelope; contentType: string }> {
  const headers: Record<string, string> = { Device: "web", Language: options.language ?? "EN", ...options.headers };
  if (options.merchant !== null) headers.Merchant = options.merchant ?? "demo";
  if (options.token) headers.Authorization = options.token;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(op.url + path, { method: options.method ?? "GET", headers, body: options.body });
  return { status: response.status, json: (await response.json()) as Envelope, contentType: response.headers.get("content-type") ?? "" };
}

interface LoginPayload {
  username: string;
  password: string;
  captcha?: string;
  type?: "username" | "sms" | "mobileNum";
  deviceId?: string;
}

function login(op: ReferenceOperator, payload: LoginPayload, options: CallOptions = {}) {
  const { body, encryption } = encryptPayload({ type: "username", deviceId: "device-default", ...payload }, op.publicKeyHex);
  return call(op, "/wps/session/login", { ...options, method: "POST", body, headers: { Encryption: encryption, ...options.headers } });
}

async function tokenFor(op: ReferenceOperator, username: string, password: string, deviceId = `dev-${username}`): Promise<string> {
  const { json } = await login(op, { username, password, deviceId });
  expect(json.success, json.message).toBe(true);
  return json.value.token as string;
}

describe("reference operator: system endpoints and envelope", () => {
  let op: ReferenceOperator;
  beforeAll(async () => {
    op = await startReferenceOperator();
  });
  afterAll(() => op.close());

  it("listens on a random local port and exposes its public key", () => {
    expect(op.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(op.publicKeyHex).toMatch(/^[0-9a-f]{512}$/);
    expect(op.merchantCode).toBe("demo");
  });

  it("answers consolidated settings in the JSON envelope", async () => {
    const { status, json, contentType } = await call(op, "/wps/system/settings/consolidated");
    expect(status).toBe(200);
    expect(contentType).toContain("application/json");
    expect(json).toEqual({
      success: true,
      message: "",
      errorCode: "",
      value: {
        merchantCode: "demo",
        siteTitle: "Demo Gaming",
        defaultLanguage: "CN",
        languages: ["CN", "TW", "JA", "EN", "TH", "VI"],
        currency: "CNY",
        currencySymbol: "¥",
        currencyPosition: "F",
        logoUrl: "/logo.svg",
        // The app resources and install guide of the content area (tests/reference-operator/content.test.ts).
        resources: expect.arrayContaining([expect.objectContaining({ resourceType: "H5", url: `${op.url}/demo-content/app/h5` })]),
        downloadGuide: expect.any(Array),
        customerService: expect.arrayContaining([
          expect.objectContaining({ type: 3, csType: "LIVECHAT", labelIds: [] }),
          expect.objectContaining({ type: 1, csType: "COMM100VIP", labelIds: [3] }),
        ]),
        registerUrl: "http://localhost:3000/register",
        pageAffiliate: 0,
        shellSet: { loginPop: true },
        firebase: { apiKey: "demo-api-key", authDomain: "demo-portal.firebaseapp.com", projectId: "demo-portal" },
        telegram: { botId: "7000000001" },
        theme: {
          primary: "#f5b400",
          primaryInk: "#1a1300",
          accent: "#14b8a6",
          background: "#0d1117",
          surface: "#161b22",
          surfaceRaised: "#1f2630",
          text: "#e6edf3",
          muted: "#8b949e",
          line: "#30363d",
        },
      },
    });
  });

  it("answers status, templates and every whitelabel switch on", async () => {
    const status = (await call(op, "/wps/system/status")).json.value;
    expect(status).toEqual({
      maintenance: false,
      regionRestriction: false,
      maintenanceStart: null,
      maintenanceEnd: null,
      info: { imageCDNs: [], launchGameCDNs: [], domainRoute: expect.any(Array) },
    });
    // The speed test's domains (decision 047): this operator on its two names, and one nothing answers.
    expect(status.info.domainRoute.map((d: { domainName: string }) => d.domainName)).toEqual([
      op.url,
      op.url.replace("127.0.0.1", "localhost"),
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    ]);
    expect((await call(op, "/wps/system/templates")).json.value).toEqual({ parameters: { prize_mode: "lott" } });
    const { value } = (await call(op, "/wps/system/whitelabel")).json;
    expect(value.menus).toEqual([]);
    expect(Object.keys(value.features).sort()).toEqual([...WHITELABEL_FEATURES].sort());
    // Every switch on but the credit-margin mode, which would hide deposit and withdraw.
    for (const [name, on] of Object.entries(value.features)) expect([name, on]).toEqual([name, !FEATURES_OFF_BY_DEFAULT.has(name)]);
  });

  it("serves the register field rules from the database", async () => {
    const { json } = await call(op, "/wps/system/setting/register");
    const byKey = Object.fromEntries((json.value as any[]).map((rule) => [rule.key, rule]));
    expect(Object.keys(byKey)).toEqual([
      "username",
      "password",
      "verifyPwd",
      "mobileNum",
      "verificationCode",
      "email",
      "nickname",
      "captcha",
      "affiliateCode",
      "rebateId",
    ]);
    expect(byKey.username).toEqual({
      key: "username",
      type: "text",
      required: true,
      enabled: true,
      minLength: 6,
      maxLength: 13,
      acceptedPattern: "^[A-Za-z0-9]+$",
      patternId: 4,
      message: "reg_pattern_4",
    });
    expect(byKey.password).toMatchObject({ minLength: 6, maxLength: 16, required: true });
    expect(byKey.mobileNum).toMatchObject({ minLength: 10, maxLength: 16, acceptedPattern: "^[0-9]+$" });
    expect(byKey.email.required).toBe(false);
    expect(byKey.nickname.enabled).toBe(false);
    expect(byKey.rebateId.enabled).toBe(true);
  });

  it("rejects an unknown or missing merchant with HTTP 200 merchant.acct.setup.err", async () => {
    for (const merchant of ["nope", null]) {
      const { status, json } = await call(op, "/wps/system/status", { merchant });
      expect(status).toBe(200);
      expect(json).toEqual({ success: false, value: null, errorCode: "merchant.acct.setup.err", message: "Merchant not found" });
    }
  });

  it("answers unknown paths with a 404 envelope and wrong methods with 405", async () => {
    const missing = await call(op, "/wps/nothing/here");
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ success: false, errorCode: "not.found" });
    const wrongMethod = await call(op, "/wps/system/status", { method: "POST", body: "{}" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.json.errorCode).toBe("method.not.allowed");
  });

  it("picks the message language from the Language header", async () => {
    const zh = await call(op, "/wps/member/info", { language: "zh_CN" });
    expect(zh.json.message).toBe("会话已过期，请重新登录");
    const tw = await call(op, "/wps/member/info", { language: "TW" });
    expect(tw.json.message).toBe("会话已过期，请重新登录");
    const th = await call(op, "/wps/member/info", { language: "TH" });
    expect(th.json.message).toBe("Session expired, please log in again");
  });

  it("issues a captcha image per device and requires the device id", async () => {
    const { json } = await call(op, "/wps/captcha?deviceId=cap-dev");
    expect(json.success).toBe(true);
    const svg = Buffer.from(json.value as string, "base64").toString("utf8");
    expect(svg).toMatch(/^<svg[^>]+xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const codes = await call(op, "/__reference/codes?deviceId=cap-dev", { merchant: null });
    expect(codes.json.value.captcha).toMatch(/^\d{4}$/);
    expect(codes.json.value.sms).toEqual([]);
    // The digits drawn are the answer.
    const drawn = [...svg.matchAll(/<text[^>]*>(\d)<\/text>/g)].map((m) => m[1]).join("");
    expect(drawn).toBe(codes.json.value.captcha);

    const missing = await call(op, "/wps/captcha");
    expect(missing.status).toBe(400);
    expect(missing.json.errorCode).toBe("captcha.device.required");
    expect((await call(op, "/__reference/codes?deviceId=never-seen", { merchant: null })).json.value).toEqual({ captcha: null, sms: [] });
    expect((await call(op, "/__reference/health", { merchant: null })).json.value).toBe("ok");
  });
});

describe("reference operator: login, session and member data", () => {
  let op: ReferenceOperator;
  beforeAll(async () => {
    op = await startReferenceOperator();
  });
  afterAll(() => op.close());

  it("logs in with an encrypted payload (cipher round trip) and reports first-time login", async () => {
    const first = await login(op, { username: "player01", password: "Player123", deviceId: "dev-a" });
    expect(first.status).toBe(200);
    expect(first.json.success).toBe(true);
    expect(first.json.errorCode).toBe("");
    expect(first.json.value).toEqual({
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
      firstTimeLogin: true,
      passwordExpired: false,
      captcha: false,
      username: "player01",
    });
    // Usernames are case-insensitive; the second login is no longer the first.
    const second = await login(op, { username: "PLAYER01", password: "Player123", deviceId: "dev-a" });
    expect(second.json.value.firstTimeLogin).toBe(false);
    expect(second.json.value.token).not.toBe(first.json.value.token);
  });

  it("returns member info and balance as decimal strings", async () => {
    const token = await tokenFor(op, "player01", "Player123");
    const info = await call(op, "/wps/member/info", { token });
    expect(info.json.value).toMatchObject({
      account: "player01",
      nickname: "Lucky Player",
      type: 0,
      toUpline: false,
      clubLabel: { labelName: "Gold", type: "AUTO", rankLevel: 3, color: expect.any(String), labelId: expect.any(Number) },
      memberLabel: "Gold",
    });
    expect(typeof info.json.value.id).toBe("number");
    expect(Number.isNaN(Date.parse(info.json.value.lastLogin))).toBe(false);
    const balance = await call(op, "/wps/v2/wallets/balance", { token });
    expect(balance.json.value).toEqual({ sumBalance: "12345.6789", balance: "12345.6789", currency: "CNY", currencySymbol: "¥" });

    const agent = await tokenFor(op, "agent001", "Agent1234");
    expect((await call(op, "/wps/member/info", { token: agent })).json.value).toMatchObject({
      account: "agent001",
      nickname: "Agent Smith",
      type: 1,
      clubLabel: null,
    });
    expect((await call(op, "/wps/v2/wallets/balance", { token: agent })).json.value.balance).toBe("88000.5");
  });

  it("flags an expired password and asks secure01 for the second factor", async () => {
    const expired = await login(op, { username: "expired01", password: "Expired123", deviceId: "dev-e" });
    expect(expired.json.success).toBe(true);
    expect(expired.json.value.passwordExpired).toBe(true);
    const secure = await login(op, { username: "secure01", password: "Secure123", deviceId: "dev-s" });
    expect(secure.json).toEqual({ success: false, errorCode: "login_verify_required", message: "", value: ["G"] });
  });

  it("logs in by mobile number and password", async () => {
    const { json } = await login(op, { username: "13900139000", password: "Agent1234", type: "mobileNum", deviceId: "dev-m" });
    expect(json.success).toBe(true);
  });

  it("rejects missing or undecryptable encryption with HTTP 400 encryption.invalid", async () => {
    const { body, encryption } = encryptPayload(
      { username: "player01", password: "Player123", type: "username", deviceId: "x" },
      op.publicKeyHex,
    );
    const other = encryptPayload({ username: "player01", password: "Player123" }, op.publicKeyHex);
    const cases: Record<string, string>[] = [
      {}, // no Encryption header
      { Encryption: "bm90IHJzYQ==" }, // not an RSA block
      { Encryption: other.encryption }, // valid RSA, but a different DES key than the body's
    ];
    for (const headers of cases) {
      const { status, json } = await call(op, "/wps/session/login", { method: "POST", body, headers });
      expect(status).toBe(400);
      expect(json).toMatchObject({ success: false, errorCode: "encryption.invalid" });
    }
    // Plain JSON is not accepted on an encrypted call.
    const plain = await call(op, "/wps/session/login", {
      method: "POST",
      body: '{"username":"player01"}',
      headers: { Encryption: encryption },
    });
    expect(plain.status).toBe(400);
    expect(plain.json.errorCode).toBe("encryption.invalid");
  });

  it("requires a live token on session calls", async () => {
    for (const token of [undefined, "deadbeef".repeat(8)]) {
      for (const path of ["/wps/member/info", "/wps/v2/wallets/balance"]) {
        const { status, json } = await call(op, path, { token });
        expect(status).toBe(200);
        expect(json).toEqual({
          success: false,
          value: null,
          errorCode: "user.or.token.invalid",
          message: "Session expired, please log in again",
        });
      }
    }
    const logout = await call(op, "/wps/session/logout", { method: "DELETE" });
    expect(logout.json.errorCode).toBe("user.or.token.invalid");
  });

  it("logout revokes the token (and only it)", async () => {
    const token = await tokenFor(op, "agent001", "Agent1234", "dev-logout");
    const other = await tokenFor(op, "agent001", "Agent1234", "dev-logout");
    expect((await call(op, "/wps/member/info", { token })).json.success).toBe(true);
    const out = await call(op, "/wps/session/logout", { method: "DELETE", token });
    expect(out.json).toEqual({ success: true, value: null, message: "", errorCode: "" });
    expect((await call(op, "/wps/member/info", { token })).json.errorCode).toBe("user.or.token.invalid");
    expect((await call(op, "/wps/member/info", { token: other })).json.success).toBe(true);
  });

  it("wrong passwords count up to the captcha, which the reference codes then unlock", async () => {
    const deviceId = "dev-captcha";
    for (let i = 1; i <= 3; i++) {
      const { status, json } = await login(op, { username: "expired01", password: "wrong", deviceId });
      expect(status).toBe(200);
      expect(json).toEqual({
        success: false,
        errorCode: "login.password.incorrect",
        message: "Incorrect username or password",
        value: { captcha: i >= 3 },
      });
    }
    // Now even the right password needs the captcha.
    const noCaptcha = await login(op, { username: "expired01", password: "Expired123", deviceId });
    expect(noCaptcha.json).toEqual({
      success: false,
      errorCode: "captcha.invalid",
      message: "Please enter the verification code shown",
      value: { captcha: true },
    });

    // A wrong guess consumes the issued answer.
    await call(op, `/wps/captcha?deviceId=${deviceId}`);
    const issued = (await call(op, `/__reference/codes?deviceId=${deviceId}`, { merchant: null })).json.value.captcha as string;
    const wrongGuess = String((Number(issued) + 1) % 10000).padStart(4, "0");
    expect((await login(op, { username: "expired01", password: "Expired123", deviceId, captcha: wrongGuess })).json.errorCode).toBe(
      "captcha.invalid",
    );
    expect((await call(op, `/__reference/codes?deviceId=${deviceId}`, { merchant: null })).json.value.captcha).toBeNull();
    expect((await login(op, { username: "expired01", password: "Expired123", deviceId, captcha: issued })).json.errorCode).toBe(
      "captcha.invalid",
    );

    // A fresh captcha, read from the reference codes, lets the login pass.
    await call(op, `/wps/captcha?deviceId=${deviceId}`);
    const answer = (await call(op, `/__reference/codes?deviceId=${deviceId}`, { merchant: null })).json.value.captcha as string;
    const ok = await login(op, { username: "expired01", password: "Expired123", deviceId, captcha: answer });
    expect(ok.json.success).toBe(true);

    // Success reset the failures: the next wrong password does not ask for the captcha.
    const after = await login(op, { username: "expired01", password: "wrong", deviceId });
    expect(after.json.value).toEqual({ captcha: false });
  });

  it("unknown users fail like wrong passwords", async () => {
    const { json } = await login(op, { username: "nobody99", password: "whatever1", deviceId: "dev-unknown" });
    expect(json).toMatchObject({ success: false, errorCode: "login.password.incorrect", value: { captcha: false } });
  });

  it("answers the 11th attempt within a minute with HTTP 429, per username", async () => {
    const statuses: number[] = [];
    let last: Envelope | undefined;
    for (let i = 0; i < 11; i++) {
      // A different device each time: the username alone triggers the limit.
      const { status, json } = await login(op, { username: "RateUser1", password: "nope", deviceId: `rate-user-${i}` });
      statuses.push(status);
      last = json;
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(last).toEqual({
      success: false,
      value: null,
      errorCode: "TOO_MANY_REQUESTS",
      message: "Too many requests, please try again later",
    });
    // Case-insensitive: the same name in other case is still limited.
    expect((await login(op, { username: "rateuser1", password: "nope", deviceId: "rate-user-x" })).status).toBe(429);
  });

  it("answers the 11th attempt within a minute with HTTP 429, per device", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const { status } = await login(op, { username: `devuser${i}`, password: "nope", deviceId: "rate-device" });
      statuses.push(status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses[10]).toBe(429);
  });

  it("expireTokens ends every session; logging in again works", async () => {
    const token = await tokenFor(op, "player01", "Player123", "dev-expire");
    expect((await call(op, "/wps/v2/wallets/balance", { token })).json.success).toBe(true);
    op.expireTokens();
    expect((await call(op, "/wps/v2/wallets/balance", { token })).json.errorCode).toBe("user.or.token.invalid");
    const fresh = await tokenFor(op, "player01", "Player123", "dev-expire");
    expect((await call(op, "/wps/v2/wallets/balance", { token: fresh })).json.success).toBe(true);
  });
});

describe("reference operator: call recording and latency", () => {
  let op: ReferenceOperator;
  beforeAll(async () => {
    op = await startReferenceOperator({ delayMs: 0 });
  });
  afterAll(() => op.close());

  it("records every call in order, with token presence and peak concurrency", async () => {
    op.resetCalls();
    expect(op.calls).toEqual([]);
    expect(op.maxInFlight).toBe(0);
    op.setDelay(100);
    await Promise.all(Array.from({ length: 5 }, (_, i) => call(op, `/wps/system/status?n=${i}`)));
    await call(op, "/wps/member/info", { token: "abc" });
    op.setDelay(0);
    expect(op.calls).toHaveLength(6);
    expect(op.maxInFlight).toBe(5);
    const statusCalls = op.calls.slice(0, 5);
    expect(statusCalls.every((c) => c.method === "GET" && c.path === "/wps/system/status" && !c.hasToken)).toBe(true);
    expect(statusCalls.map((c) => c.search).sort()).toEqual(["?n=0", "?n=1", "?n=2", "?n=3", "?n=4"]);
    expect(op.calls[5]).toMatchObject({ path: "/wps/member/info", search: "", hasToken: true });
    for (const c of op.calls) expect(c.endedAt - c.startedAt).toBeGreaterThanOrEqual(95);

    const held = op.calls;
    op.resetCalls();
    expect(held).toHaveLength(0); // same array, reset in place
    expect(op.maxInFlight).toBe(0);
    await call(op, "/wps/system/status");
    expect(op.maxInFlight).toBe(1);
  });

  it("delays every answer by the configured latency", async () => {
    op.setDelay(0);
    let started = performance.now();
    await call(op, "/wps/system/templates");
    const fast = performance.now() - started;
    op.setDelay(200);
    started = performance.now();
    await call(op, "/wps/system/templates");
    const slow = performance.now() - started;
    op.setDelay(0);
    expect(slow).toBeGreaterThanOrEqual(195);
    expect(slow - fast).toBeGreaterThanOrEqual(150);
  });

  it("applies delayMs given at start", async () => {
    const slowOp = await startReferenceOperator({ delayMs: 150 });
    try {
      const started = performance.now();
      await call(slowOp, "/wps/system/status");
      expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    } finally {
      await slowOp.close();
    }
  });
});

describe("reference operator: modes and persistence", () => {
  it("has no /__reference routes in production mode", async () => {
    const op = await startReferenceOperator({ mode: "production" });
    try {
      const gets = [
        "/__reference/health",
        "/__reference/codes?deviceId=x",
        "/__reference/codes?mobile=13800138000",
        "/__reference/registered?username=player01",
        "/__reference/password-mails?username=player01",
      ];
      for (const path of gets) {
        const { status, json } = await call(op, path, { merchant: null });
        expect(status, path).toBe(404);
        expect(json.errorCode).toBe("not.found");
      }
      // The helpers that change things (switches, members, settings, rules, the identity service) are absent too.
      const posts = [
        "/__reference/features",
        "/__reference/members",
        "/__reference/settings",
        "/__reference/register-rules",
        "/__reference/firebase",
      ];
      for (const path of posts) {
        const { status } = await call(op, path, { merchant: null, method: "POST", body: "{}" });
        expect(status, path).toBe(404);
      }
      expect((await call(op, "/wps/system/status")).json.success).toBe(true);
      expect((await login(op, { username: "player01", password: "Player123" })).json.success).toBe(true);
    } finally {
      await op.close();
    }
  });

  it("answers in English when the default language is EN and no Language header is sent", async () => {
    const op = await startReferenceOperator({ defaultLanguage: "EN" });
    try {
      const response = await fetch(`${op.url}/wps/member/info`, { headers: { Merchant: "demo" } });
      const json = (await response.json()) as Envelope;
      expect(json.message).toBe("Session expired, please log in again");
      expect((await call(op, "/wps/system/settings/consolidated")).json.value.defaultLanguage).toBe("EN");
    } finally {
      await op.close();
    }
  });

  it("keeps the key pair and data in a file database across restarts (seeded once)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ref-op-"));
    const dbPath = join(dir, "nested", "operator.db");
    try {
      const first = await startReferenceOperator({ dbPath });
      const keyHex = first.publicKeyHex;
      expect((await login(first, { username: "player01", password: "Player123" })).json.value.firstTimeLogin).toBe(true);
      const token = await tokenFor(first, "player01", "Player123");
      await first.close();

      const second = await startReferenceOperator({ dbPath });
      try {
        expect(second.publicKeyHex).toBe(keyHex);
        // Not re-seeded: the recorded login survived, and so did the session.
        expect((await login(second, { username: "player01", password: "Player123" })).json.value.firstTimeLogin).toBe(false);
        expect((await call(second, "/wps/member/info", { token })).json.value.account).toBe("player01");
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("close() is idempotent: every call resolves, open connections do not hold it, and the port is let go", async () => {
    const op = await startReferenceOperator();
    const port = Number(new URL(op.url).port);
    // A call first: the keep-alive connection it leaves open must not hold close() up.
    expect((await call(op, "/wps/system/whitelabel")).status).toBe(200);
    const started = performance.now();
    await expect(Promise.all([op.close(), op.close()])).resolves.toEqual([undefined, undefined]);
    await expect(op.close()).resolves.toBeUndefined();
    expect(performance.now() - started).toBeLessThan(2_000);
    await expect(fetch(`${op.url}/wps/system/whitelabel`)).rejects.toThrow();
    const again = await startReferenceOperator({ port });
    try {
      expect(again.url).toBe(op.url);
      expect((await call(again, "/wps/system/whitelabel")).status).toBe(200);
    } finally {
      await again.close();
    }
  });
});

describe("the offline demo", () => {
  it("starts with social and Telegram sign-in off (their pages are on the internet); the test double keeps them on", async () => {
    const demo = await startReferenceOperator({ mode: "demo", socialSignIn: false });
    const test = await startReferenceOperator({ mode: "test" });
    try {
      const off = (await call(demo, "/wps/system/whitelabel")).json.value.features;
      const on = (await call(test, "/wps/system/whitelabel")).json.value.features;
      for (const name of ["TELEGRAMLOGIN3", "GOOGLELOGIN3", "FACEBOOKLOGIN3", "TWITTERLOGIN3", "LINELOGIN3"]) {
        expect(off[name], name).toBe(false);
        expect(on[name], name).toBe(true);
      }
      expect(off.FREEPLAY3).toBe(true);
    } finally {
      await demo.close();
      await test.close();
    }
  });
});
