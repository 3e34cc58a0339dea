/**
 * Shared pieces of the end-to-end journeys: accounts, the texts a player sees (CN is the
 * default language), hydration, the login form, the device id and the reference operator's
 * test route, and the portal's session store.
 */
import { expect, request as playwrightRequest, test, type BrowserContext, type Page, type Response, type TestInfo } from "@playwright/test";
import Database from "better-sqlite3";
import { Redis } from "ioredis";
import path from "node:path";
import { existsSync, readFileSync } from "node:fs";
import { unsealWith } from "../app/server/seal.server";

export const BASE_URL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3210";
export const OPERATOR_URL = process.env.E2E_OPERATOR_URL ?? "http://127.0.0.1:4210";
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the tests through playwright.config.ts");
  return dir;
}

export interface Account {
  username: string;
  password: string;
  nickname: string;
  balance: string;
}

export const PLAYER: Account = { username: "player01", password: "Player123", nickname: "Lucky Player", balance: "¥12,345.68" };
export const AGENT: Account = { username: "agent001", password: "Agent1234", nickname: "Agent Smith", balance: "¥88,000.50" };

/** What the player reads, from public/locales/CN/common.json. */
export const CN = {
  login: "登录",
  register: "注册",
  logout: "退出",
  changeLanguage: "切换",
  loggingIn: "正在登录…",
  loggedOut: "您已退出登录。",
  logoutConfirmTitle: "退出登录",
  captchaRefresh: "换一张",
  incorrectPassword: "用户名或密码错误。",
  usernamePattern: "用户名须为6至13位字母或数字。",
  passwordLength: "密码须为6至16位字符。",
  username: "用户名",
  password: "密码",
} as const;

export function scriptsOn(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled !== false;
}

/**
 * Waits until React has hydrated the page (when scripts run), so that a click reaches the
 * Remix handlers and not the browser's native form submission. Only for pages with scripts.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const footer = document.querySelector("footer");
    // And the forms' own checks, which arrive just after the page (decision 043).
    return (
      Boolean(footer && Object.keys(footer).some((key) => key.startsWith("__reactProps"))) &&
      document.documentElement.dataset.clientChecks !== "loading"
    );
  });
}

/**
 * Waits until Remix has nothing in flight: no navigation, no revalidation, no fetcher. A history
 * step taken while the last one still loads would race it (a forward right after a back).
 */
export async function routerIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const router = (
      window as unknown as {
        __remixRouter?: { state: { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> } };
      }
    ).__remixRouter;
    if (!router) return false;
    const { navigation, revalidation, fetchers } = router.state;
    return navigation.state === "idle" && revalidation === "idle" && [...fetchers.values()].every((f) => f.state === "idle");
  });
}

/** page.goto, then hydration when scripts run. */
export async function open(page: Page, url: string, testInfo: TestInfo): Promise<Response | null> {
  const response = await page.goto(url);
  if (scriptsOn(testInfo)) await waitForHydration(page);
  return response;
}

let marks = 0;

/**
 * Resolves once every request the page had already set going has been reported to the test
 * (page.on("request")): what a click would post instead of waiting some time for it. A frame and
 * then a task pass in the page — the submit handler, React's updates and a Remix submission of
 * the current route, whose module is loaded, all reach fetch() by then — and then the page asks
 * the server for a file. Requests are reported in the order the page sends them, so a post the
 * click made is recorded before that one is seen.
 */
export async function requestsSoFar(page: Page): Promise<void> {
  const mark = `/robots.txt?mark=${++marks}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(mark));
  await page.evaluate(async (url) => {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    await (await fetch(url)).arrayBuffer();
  }, mark);
  await seen;
}

export const isLoginPost = (response: Response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/login";

export const loginForm = (page: Page) => {
  const form = page.locator("form#login");
  return {
    form,
    username: form.locator('input[name="username"]'),
    password: form.locator('input[name="password"]'),
    captcha: form.locator('input[name="captcha"]'),
    captchaImage: page.locator(".captcha img"),
    submit: form.locator('button[type="submit"]'),
    /** The message shown beside the field of this name. */
    fieldError: (name: string) => page.locator(`.field:has(input[name="${name}"]) .field__error`),
    summary: page.locator(".error-summary"),
  };
};

/** Fills the login form and submits it; resolves with the answer to the POST. */
export async function submitLogin(page: Page, values: { username: string; password: string; captcha?: string }): Promise<Response> {
  const f = loginForm(page);
  await f.username.fill(values.username);
  await f.password.fill(values.password);
  if (values.captcha !== undefined) await f.captcha.fill(values.captcha);
  const [response] = await Promise.all([page.waitForResponse(isLoginPost), f.submit.click()]);
  return response;
}

/**
 * Where a login lands: the page asked for, or first the contract requests when some wait
 * (agent001 has them), which lead on to it.
 */
/** Logs in as a new free-play (trial) account from the login page's button, landing home. */
export async function loginFreePlay(page: Page, testInfo: TestInfo): Promise<void> {
  await open(page, "/login", testInfo);
  await page
    .getByRole("button", { name: /免费试玩|Free play/ })
    .first()
    .click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
}

export function landedAt(path: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escape(BASE_URL)}(${escape(path)}|/contracts\\?redirectTo=${escape(encodeURIComponent(path))})$`);
}

/** Logs in through the form and checks the home page greets the account. */
export async function loginAs(page: Page, account: Account, testInfo: TestInfo): Promise<void> {
  await open(page, "/login", testInfo);
  await submitLogin(page, account);
  await expect(page).toHaveURL(landedAt("/"));
  // An account with contract requests waiting sees them first (decision 031); it goes on from there.
  if (new URL(page.url()).pathname === "/contracts") {
    if (scriptsOn(testInfo)) await waitForHydration(page);
    await page.getByTestId("contracts-continue").click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
  }
  await expect(page.getByTestId("nickname")).toHaveText(account.nickname);
  if (scriptsOn(testInfo)) await waitForHydration(page);
}

/** A Remix cookie value: URL-encoded base64 of JSON. */
export function decodeRemixCookie(value: string): unknown {
  return JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8"));
}

/** This browser's login device id (the HttpOnly device_id cookie set by the portal). */
export async function deviceIdOf(context: BrowserContext | { cookies(): Promise<{ name: string; value: string }[]> }): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === "device_id");
  if (!cookie) throw new Error("no device_id cookie");
  const id = decodeRemixCookie(cookie.value);
  if (typeof id !== "string" || id.length !== 36) throw new Error(`unexpected device id ${JSON.stringify(id)}`);
  return id;
}

/** The captcha answer the reference operator issued last for the device (test route). */
export async function captchaAnswer(deviceId: string): Promise<string | null> {
  const res = await fetch(`${OPERATOR_URL}/__reference/codes?deviceId=${encodeURIComponent(deviceId)}`);
  if (!res.ok) throw new Error(`reference codes: HTTP ${res.status}`);
  const body = (await res.json()) as { success: boolean; value: { captcha: string | null } };
  if (!body.success) throw new Error(`reference codes: ${JSON.stringify(body)}`);
  return body.value.captcha;
}

/**
 * Every operator token held in the portal's session store: the SQLite file, or Redis when the
 * suite runs with REDIS_URL (decision 050; the same journeys pass on both floors).
 */
export async function operatorTokens(): Promise<string[]> {
  const secret = readFileSync(path.join(dataDir(), "session-secret"), "utf8").trim();
  const tokenOf = (sealed: string | null) => (sealed ? unsealWith(sealed, [secret])?.token : undefined);
  let tokens: unknown[];
  if (process.env.REDIS_URL) {
    const redis = new Redis(process.env.REDIS_URL);
    try {
      const keys = await redis.keys(`${process.env.REDIS_PREFIX ?? "portal:"}sessions:*`);
      tokens = keys.length ? (await redis.mget(...keys)).map(tokenOf) : [];
    } finally {
      redis.disconnect();
    }
  } else if (!existsSync(path.join(dataDir(), "portal.db"))) {
    // The portal opens its file when it first keeps a session.
    tokens = [];
  } else {
    const db = new Database(path.join(dataDir(), "portal.db"), { readonly: true, fileMustExist: true });
    try {
      tokens = (db.prepare("SELECT data FROM sessions").all() as { data: string }[]).map((row) => tokenOf(row.data));
    } finally {
      db.close();
    }
  }
  return tokens.filter((token): token is string => typeof token === "string" && token !== "");
}

/**
 * Logs the account in once outside the browser under test, which resets the operator's count
 * of its consecutive failures (and so its captcha demand): journeys that type wrong passwords
 * then start from the same state whatever ran before them. Answers the captcha when asked.
 */
export async function resetLoginFailures(account: Account): Promise<void> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const page = await api.get("/login");
      const html = await page.text();
      const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
      if (!csrf) throw new Error("no csrf field on /login");
      const form: Record<string, string> = { csrf, username: account.username, password: account.password, redirectTo: "" };
      if (html.includes('name="captcha"')) {
        const answer = await captchaAnswer(await deviceIdOf({ cookies: async () => (await api.storageState()).cookies }));
        if (answer) form.captcha = answer;
      }
      const res = await api.post("/login", { form, maxRedirects: 0 });
      if (res.status() === 303) return;
    }
    throw new Error(`could not log ${account.username} in to reset its failure count`);
  } finally {
    await api.dispose();
  }
}

/** Flips whitelabel switches in the reference operator (the portal under test caches no settings). */
export async function setFeatures(features: Record<string, boolean>): Promise<void> {
  const res = await fetch(`${OPERATOR_URL}/__reference/features`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ features }),
  });
  if (!res.ok) throw new Error(`features: HTTP ${res.status}`);
}

/** A value from the reference operator's test routes: GET, or POST with a JSON body. */
let memberSerial = 0;
/**
 * A fresh member at the reference operator, with no history: a username `<prefix><8 digits>` and
 * a mobile number `<mobilePrefix><8 digits>` no other journey uses.
 */
export async function newMember(
  prefix: string,
  password: string,
  { mobilePrefix = "136", nickname = prefix }: { mobilePrefix?: string; nickname?: string } = {},
): Promise<{ username: string; password: string; mobile: string; nickname: string }> {
  memberSerial += 1;
  const stamp = `${Date.now() % 1_000_000}`.padStart(6, "0") + `${memberSerial % 100}`.padStart(2, "0");
  const account = { username: `${prefix}${stamp}`, password, mobile: `${mobilePrefix}${stamp}`, nickname: `${nickname} ${stamp}` };
  const res = await fetch(`${OPERATOR_URL}/__reference/members`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`reference members: HTTP ${res.status} ${await res.text()}`);
  return account;
}

export async function reference(path: string, body?: unknown): Promise<any> {
  const init =
    body === undefined ? undefined : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  return ((await (await fetch(`${OPERATOR_URL}${path}`, init)).json()) as { value: unknown }).value;
}

/**
 * Logs out from the header: its Log out asks first (document 002, section 4), in a dialog with
 * scripts and on the /logout page without; the answer is the POST that ends the session.
 */
export async function logOut(page: Page): Promise<void> {
  await page.locator("header.site-header").getByRole("button", { name: CN.logout, exact: true }).first().click();
  const scope = test.info().project.use.javaScriptEnabled === false ? page.locator("main") : page.getByRole("dialog");
  await scope.getByRole("button", { name: CN.logout, exact: true }).click();
}
