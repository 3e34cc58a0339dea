/**
 * Social sign-in, Telegram and free play through the route modules, against the reference
 * operator: what a browser gets at each step (the ID token arrives as the browser's script would
 * post it; tokens are signed the way the reference operator verifies them).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import {
  signReferenceFirebaseToken,
  signReferenceTelegramAuth,
  verifyTelegramAuth,
  REFERENCE_TELEGRAM_BOT_TOKEN,
} from "../../server/operator/session/identity";
import { totp } from "../../server/operator/session/totp";
import { unseal } from "~/server/session.server";
import { args, CookieJar, getRequest, postRequest, run, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let firebase: typeof import("~/routes/_auth+/login.firebase");
let firebaseConfig: typeof import("~/routes/resources+/firebase-config");
let bind: typeof import("~/routes/_auth+/login_.bind");
let telegram: typeof import("~/routes/_auth+/login.telegram");
let freeplay: typeof import("~/routes/_auth+/login.freeplay");
let member: typeof import("~/routes/member+/index");
let db: typeof import("~/server/state/sqlite.server");

beforeAll(async () => {
  operator = await startPortalEnv();
  // Journeys flip switches: no cached settings.
  process.env.OPERATOR_CACHE_MS = "0";
  root = await import("~/root");
  firebase = await import("~/routes/_auth+/login.firebase");
  firebaseConfig = await import("~/routes/resources+/firebase-config");
  bind = await import("~/routes/_auth+/login_.bind");
  telegram = await import("~/routes/_auth+/login.telegram");
  freeplay = await import("~/routes/_auth+/login.freeplay");
  member = await import("~/routes/member+/index");
  db = await import("~/server/state/sqlite.server");
});

afterAll(async () => {
  await operator.close();
});

async function reference(path: string, body: unknown) {
  const res = await fetch(`${operator.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { success: boolean };
  if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
}
const switches = (features: Record<string, boolean>) => reference("/__reference/features", { features });

afterEach(async () => {
  await switches({
    GOOGLELOGIN3: true,
    FACEBOOKLOGIN3: true,
    TWITTERLOGIN3: true,
    LINELOGIN3: true,
    TELEGRAMLOGIN3: true,
    FREEPLAY3: true,
    FIREBASECREATEACC3: true,
    SSOMANUALREG3: true,
  });
  await reference("/__reference/firebase", {});
});

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${counter++}`;

/** A browser that has opened the login page: cookies and the page's CSRF token. */
async function browser() {
  const jar = new CookieJar();
  const rootData = await jar.take(await run(() => root.loader(args(getRequest("/login", jar))))).json();
  const csrf: string = rootData.csrfToken;
  const post = async (url: string, fields: Record<string, string>, action: (a: ReturnType<typeof args>) => Promise<unknown>) =>
    jar.take(await run(() => action(args(postRequest(url, { csrf: jar.csrf() ?? csrf, ...fields }, jar)))));
  const get = async (url: string, loader: (a: ReturnType<typeof args>) => Promise<unknown>) =>
    jar.take(await run(() => loader(args(getRequest(url, jar)))));
  /** What the next page shows: the flashed notice and the player, as the root loader answers. */
  const page = async (url = "/login") => (await get(url, root.loader)).json();
  return { jar, csrf, post, get, page };
}

type Browser = Awaited<ReturnType<typeof browser>>;

const googleToken = (sub: string, name = "Ann Example") => signReferenceFirebaseToken({ sub, provider: "google.com", name });

function firebaseLogin(b: Browser, token: string, channel = "google", redirectTo = "/") {
  return b.post("/login/firebase", { firebaseChannel: channel, firebaseIdToken: token, redirectTo }, firebase.action);
}

function sessionRows(): Array<Record<string, unknown>> {
  return (db.portalDb().prepare("SELECT data FROM sessions").all() as Array<{ data: string }>).map((r) => unseal(r.data)!);
}

describe("firebase sign-in", () => {
  it("an identity no account knows: bind_customer_required → /login/bind, the ID token kept on the server only", async () => {
    const b = await browser();
    const token = googleToken(unique("sub"));
    const response = await firebaseLogin(b, token, "google", "/member");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login/bind?redirectTo=%2Fmember");
    expect(sessionRows().some((row) => (row.pendingSocial as { idToken?: string } | undefined)?.idToken === token)).toBe(true);

    const bindPage = await b.get("/login/bind?redirectTo=%2Fmember", bind.loader);
    const text = await bindPage.text();
    expect(bindPage.status).toBe(200);
    expect(text).not.toContain(token);
    expect(JSON.parse(text)).toEqual({
      channel: "google",
      autoRegister: true,
      manualRegister: true,
      redirectTo: "/member",
      // The form's HTML constraints (decision 043): field names and limits, nothing of the player's.
      constraint: {
        username: { required: true, minLength: 1 },
        password: { required: true, minLength: 1 },
        redirectTo: { required: false },
      },
    });
  });

  it("binds to an existing account with its password; the next sign-in with that identity logs straight in", async () => {
    const username = unique("bind");
    await reference("/__reference/members", { username, password: "Secret123", nickname: "Bound One" });
    const sub = unique("sub");

    const first = await browser();
    await firebaseLogin(first, googleToken(sub));
    const wrong = await first.post("/login/bind", { intent: "bind", username, password: "WrongPass1", redirectTo: "/" }, bind.action);
    expect(wrong.status).toBe(400);
    const { result } = await wrong.json();
    expect(result.error.password).toEqual(["in_incorrect_password"]);
    expect(result.initialValue.password).toBeUndefined();

    const bound = await first.post("/login/bind", { intent: "bind", username, password: "Secret123", redirectTo: "/" }, bind.action);
    expect(bound.status).toBe(303);
    expect(bound.headers.get("Location")).toBe("/");
    expect((await first.page("/")).player).toMatchObject({ account: username, nickname: "Bound One" });

    const later = await browser();
    const response = await firebaseLogin(later, googleToken(sub), "google", "/member");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/member");
    expect((await later.page("/")).player).toMatchObject({ account: username });
  });

  it("binds an account that has a second factor: the verification carries the identity, and the next sign-in logs straight in", async () => {
    const verify = await import("~/routes/_auth+/login_.verify");
    const username = unique("bind2fa");
    const secret = "JBSWY3DPEHPK3PXP";
    await reference("/__reference/members", { username, password: "Secret123", twoFactor: "G", totpSecret: secret });
    const sub = unique("sub");

    const b = await browser();
    await firebaseLogin(b, googleToken(sub));
    const toVerify = await b.post("/login/bind", { intent: "bind", username, password: "Secret123", redirectTo: "/" }, bind.action);
    expect(toVerify.status).toBe(303);
    expect(toVerify.headers.get("Location")).toBe("/login/verify?redirectTo=%2F");
    expect((await b.get("/login/verify?method=G", verify.loader)).status).toBe(200);
    const verified = await b.post(
      "/login/verify?method=G",
      { method: "G", authCode: totp(secret, Date.now()), redirectTo: "/" },
      verify.action,
    );
    expect(verified.status).toBe(303);
    expect((await b.page("/")).player).toMatchObject({ account: username });

    const later = await browser();
    const response = await firebaseLogin(later, googleToken(sub));
    expect(response.headers.get("Location")).toBe("/");
    expect((await later.page("/")).player).toMatchObject({ account: username });
  });

  it("registers automatically with FIREBASECREATEACC3 and logs the new account in", async () => {
    const b = await browser();
    const sub = unique("sub");
    await firebaseLogin(b, googleToken(sub, "Auto Made"));
    const response = await b.post("/login/bind", { intent: "auto-register", redirectTo: "/" }, bind.action);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    const { player } = await b.page("/");
    expect(player.nickname).toBe("Auto Made");
    expect(player.account).toMatch(/^go\d{8}$/);

    // The identity is now bound: signing in again is a plain login.
    const again = await browser();
    expect((await firebaseLogin(again, googleToken(sub))).headers.get("Location")).toBe("/");
  });

  it("without FIREBASECREATEACC3 there is no automatic registration: not offered, and refused", async () => {
    await switches({ FIREBASECREATEACC3: false });
    const b = await browser();
    await firebaseLogin(b, googleToken(unique("sub")));
    expect(await (await b.get("/login/bind", bind.loader)).json()).toMatchObject({ autoRegister: false });
    const response = await b.post("/login/bind", { intent: "auto-register", redirectTo: "/" }, bind.action);
    expect(response.status).toBe(404);
  });

  it("offers manual registration only with SSOMANUALREG3", async () => {
    const b = await browser();
    await firebaseLogin(b, googleToken(unique("sub")));
    expect(await (await b.get("/login/bind", bind.loader)).json()).toMatchObject({ manualRegister: true });
    await switches({ SSOMANUALREG3: false });
    expect(await (await b.get("/login/bind", bind.loader)).json()).toMatchObject({ manualRegister: false });
  });

  it("no identity-service configuration: 'site not support Google Service.' instead of a sign-in", async () => {
    await reference("/__reference/firebase", { config: null });
    const b = await browser();
    expect(await (await b.get("/resources/firebase-config", firebaseConfig.loader)).json()).toEqual({ config: null });
    const response = await firebaseLogin(b, googleToken(unique("sub")));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login");
    expect((await b.page()).notice).toEqual({ key: "site not support Google Service." });
  });

  it("hands the browser the public web configuration when there is one", async () => {
    const b = await browser();
    const { config } = await (await b.get("/resources/firebase-config", firebaseConfig.loader)).json();
    expect(config).toMatchObject({ apiKey: "demo-api-key", projectId: "demo-portal", authDomain: "demo-portal.firebaseapp.com" });
  });

  it("a form that arrives without a token (no scripts) says that scripts are needed", async () => {
    const b = await browser();
    const response = await firebaseLogin(b, "");
    expect(response.headers.get("Location")).toBe("/login");
    expect((await b.page()).notice).toEqual({ key: "social_needs_scripts" });
  });

  it("refuses a token with a wrong signature, of another project, expired, or of another provider", async () => {
    const sub = unique("sub");
    const bad = [
      signReferenceFirebaseToken({ sub, provider: "google.com", secret: "not-the-secret" }),
      signReferenceFirebaseToken({ sub, provider: "google.com", projectId: "someone-else" }),
      signReferenceFirebaseToken({ sub, provider: "google.com", exp: Math.floor(Date.now() / 1000) - 10 }),
      signReferenceFirebaseToken({ sub, provider: "facebook.com" }),
      // An emulator's unsigned token is refused when the operator is not set up for the emulator.
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${googleToken(sub).split(".")[1]}.`,
    ];
    for (const token of bad) {
      const b = await browser();
      const response = await firebaseLogin(b, token);
      expect(response.headers.get("Location")).toBe("/login");
      expect((await b.page()).notice).toEqual({ text: "第三方登录验证失败，请重试" });
    }
  });

  it("a switched-off provider is refused (404), the others still work", async () => {
    await switches({ GOOGLELOGIN3: false });
    const b = await browser();
    expect((await firebaseLogin(b, googleToken(unique("sub")))).status).toBe(404);
    const line = signReferenceFirebaseToken({ sub: unique("sub"), provider: "oidc.line" });
    expect((await firebaseLogin(b, line, "line")).headers.get("Location")).toMatch(/^\/login\/bind/);
    expect((await firebaseLogin(b, googleToken(unique("sub")), "sms")).status).toBe(404);
  });

  it("/login/bind without a pending sign-in goes back to the login page", async () => {
    const b = await browser();
    const response = await b.get("/login/bind", bind.loader);
    expect(response.status).toBe(303);
    expect((await b.page()).notice).toEqual({ key: "social_expired" });
  });
});

describe("telegram", () => {
  const auth = (id: string, overrides: Record<string, string> = {}) =>
    signReferenceTelegramAuth({
      id,
      first_name: "Tele",
      username: `tg_${id}`,
      photo_url: "https://t.me/i/userpic/320/x.jpg",
      auth_date: String(Math.floor(Date.now() / 1000)),
      ...overrides,
    });

  it("verifies as Telegram does: good data pass; tampered or stale data fail", () => {
    const now = Date.now();
    const good = auth("42");
    expect(verifyTelegramAuth(good, REFERENCE_TELEGRAM_BOT_TOKEN, now)).toBe(true);
    expect(verifyTelegramAuth({ ...good, first_name: "Mallory" }, REFERENCE_TELEGRAM_BOT_TOKEN, now)).toBe(false);
    expect(verifyTelegramAuth(good, "7000000001:another-bot", now)).toBe(false);
    const stale = auth("42", { auth_date: String(Math.floor(now / 1000) - 2 * 24 * 60 * 60) });
    expect(verifyTelegramAuth(stale, REFERENCE_TELEGRAM_BOT_TOKEN, now)).toBe(false);
  });

  it("logs in with signed data (registering on first use), and again into the same account", async () => {
    const id = String(Date.now());
    const b = await browser();
    const response = await b.post("/login/telegram", { ...auth(id), redirectTo: "/" }, telegram.action);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    const { player } = await b.page("/");
    expect(player.account).toMatch(/^tg\d{8}$/);
    expect(player.nickname).toBe("Tele");

    const again = await browser();
    await again.post("/login/telegram", { ...auth(id), redirectTo: "/" }, telegram.action);
    expect((await again.page("/")).player.account).toBe(player.account);
  });

  it("refuses tampered and stale data with the operator's message", async () => {
    const stale = auth("43", { auth_date: String(Math.floor(Date.now() / 1000) - 2 * 24 * 60 * 60) });
    for (const fields of [{ ...auth("43"), username: "someone_else" }, stale]) {
      const b = await browser();
      const response = await b.post("/login/telegram", { ...fields, redirectTo: "/" }, telegram.action);
      expect(response.headers.get("Location")).toBe("/login");
      expect(await b.page()).toMatchObject({ notice: { text: "Telegram 登录验证失败，请重试" }, player: null });
    }
  });

  it("GET sends the player to Telegram's login page, or with signed fields to the login page's confirmation", async () => {
    const b = await browser();
    const out = await b.get("/login/telegram?redirectTo=%2Fmember", telegram.loader);
    const location = new URL(out.headers.get("Location")!);
    expect(location.origin + location.pathname).toBe("https://oauth.telegram.org/auth");
    expect(location.searchParams.get("bot_id")).toBe("7000000001");
    expect(location.searchParams.get("return_to")).toBe("http://portal.test/login?telegram=return&redirectTo=%2Fmember");

    const back = await b.get(`/login/telegram?${new URLSearchParams(auth("44"))}`, telegram.loader);
    expect(back.headers.get("Location")).toMatch(/^\/login\?telegram=confirm&id=44&first_name=Tele/);
    // A GET never logs in.
    expect((await b.page("/")).player).toBeNull();
  });
});

describe("free play", () => {
  it("logs in as a trial account; the member centre refuses it with in_please_account", async () => {
    const b = await browser();
    const response = await b.post("/login/freeplay", { redirectTo: "/" }, freeplay.action);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    const { player } = await b.page("/");
    expect(player.account).toMatch(/^guest\d{8}$/);
    expect(sessionRows().some((row) => row.account === player.account && row.isAgent === 4)).toBe(true);

    const refused = await b.get("/member", member.loader);
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/");
    expect((await b.page("/")).notice).toEqual({ key: "in_please_account" });
  });
});

describe("free play is held back like a login", () => {
  it("the ninth press within a minute from one browser is refused with too_many_requests, and makes no account", async () => {
    const b = await browser();
    const press = async () =>
      b.jar.take(
        await run(() =>
          freeplay.action(
            args(postRequest("/login/freeplay", { csrf: b.jar.csrf() ?? b.csrf, redirectTo: "/" }, b.jar), { clientIp: "10.7.7.7" }),
          ),
        ),
      );
    for (let i = 0; i < 8; i++) expect((await press()).headers.get("Location")).toBe("/");
    const before = (await b.page("/")).player.account;
    const refused = await press();
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/login");
    const after = await b.page("/login");
    expect(after.notice).toEqual({ key: "too_many_requests" });
    expect(after.player.account).toBe(before);
  });
});

describe("switches off", () => {
  it("refuses free play, Telegram and every social channel", async () => {
    await switches({
      FREEPLAY3: false,
      TELEGRAMLOGIN3: false,
      GOOGLELOGIN3: false,
      FACEBOOKLOGIN3: false,
      TWITTERLOGIN3: false,
      LINELOGIN3: false,
    });
    const b = await browser();
    expect((await b.post("/login/freeplay", { redirectTo: "/" }, freeplay.action)).status).toBe(404);
    expect((await b.post("/login/telegram", { id: "1", hash: "00", auth_date: "1" }, telegram.action)).status).toBe(404);
    expect((await b.get("/login/telegram", telegram.loader)).status).toBe(404);
    expect((await b.get("/resources/firebase-config", firebaseConfig.loader)).status).toBe(404);
    for (const channel of ["google", "facebook", "twitter", "line"]) {
      expect((await firebaseLogin(b, googleToken("x"), channel)).status).toBe(404);
    }
    expect((await b.page("/")).player).toBeNull();
  });
});
