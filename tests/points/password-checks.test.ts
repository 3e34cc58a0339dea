/**
 * Issue 22 §5, wrong-password guessing (decision 036): the checks of a logged-in player's
 * password — the points mall's redeem and conversion, the password change's old password —
 * through the route modules against the reference operator. After 5 wrong in 15 minutes, per
 * player and per device, the next check is refused with 429, Retry-After and the message beside
 * the field, and the operator is not asked; only wrong passwords count, and a right one resets
 * nothing.
 */
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { loggedIn, newBrowser, type Browser } from "../support/browser";
import { moveClock } from "../support/clock";
import { referenceValue, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let reward: typeof import("~/routes/member+/pointMall._goods.reward.$rewardId");
let rules: typeof import("~/routes/member+/pointMall.rules");
let changePassword: typeof import("~/routes/_auth+/change-password");
let limits: typeof import("~/server/rate-limit.server");

beforeAll(async () => {
  operator = await startPortalEnv({ loginAttemptLimit: 1000 });
  reward = await import("~/routes/member+/pointMall._goods.reward.$rewardId");
  rules = await import("~/routes/member+/pointMall.rules");
  changePassword = await import("~/routes/_auth+/change-password");
  limits = await import("~/server/rate-limit.server");
});

afterAll(async () => {
  await operator.close();
});

beforeEach(() => {
  limits.resetPasswordChecks();
});

afterEach(() => vi.useRealTimers());

const reference = (path: string, body?: unknown) => referenceValue(operator, path, body);

/** A shopping card of 1,100 points (demo catalogue). */
const CARD_100 = 14;
const PASSWORD = "Points123";
/** What the player reads in CN (the default) after the fifth wrong password: 15 minutes to wait. */
const WAIT_CN = "密码错误次数过多，请在 15 分钟后再试。";

let players = 0;
async function newPlayer(): Promise<string> {
  const username = `pwchk${String(++players).padStart(3, "0")}${randomBytes(2).toString("hex")}`;
  await reference("/__reference/members", { username, password: PASSWORD, balance: "10000" });
  await reference("/__reference/points", { username, balance: "50000" });
  return username;
}

/** A browser logged in as `username`; with `device`, on that browser's device (its device_id cookie). */
async function browserOf(username: string, device?: Browser): Promise<Browser> {
  if (!device) return loggedIn(username, PASSWORD);
  const login = await import("~/routes/_auth+/login");
  const browser = await newBrowser();
  browser.jar.take(new Response(null, { headers: { "Set-Cookie": `device_id=${device.jar.get("device_id")}` } }));
  const response = await browser.post("/login", { username, password: PASSWORD, redirectTo: "" }, login.action);
  expect(response.status).toBe(303);
  return browser;
}

const onceKey = () => randomBytes(18).toString("base64url");
const redeemCalls = () => operator.calls.filter((c) => c.path.includes("redeemPointReward")).length;
const redemptions = async (username: string) =>
  ((await reference(`/__reference/points?username=${username}`)) as { redemptions: number }).redemptions;

const redeem = (browser: Browser, password: string) =>
  browser.post(
    `/member/pointMall/reward/${CARD_100}`,
    {
      once: onceKey(),
      quantity: "1",
      redeemType: "P",
      password,
      name: "Wang Xiaoming",
      address: "100 Century Ave, Shanghai",
      phone: "13800138000",
      province: "Shanghai",
    },
    reward.action,
    { rewardId: String(CARD_100) },
  );

type Refused = { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };

async function expectWait(response: Response, field: string) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThan(14 * 60);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  const body = (await response.json()) as Refused;
  expect(body.result.error[field]).toEqual([WAIT_CN]);
  expect(body.result.initialValue[field]).toBeUndefined();
}

async function wrongTimes(browser: Browser, times: number) {
  for (let i = 0; i < times; i++) {
    const wrong = await redeem(browser, `Wrong${i}xyz`);
    expect(wrong.status, `wrong password ${i + 1}`).toBe(400);
  }
}

describe("the points mall's redeem", () => {
  it("refuses the right password after 5 wrong ones with 429, Retry-After and the message, without asking the operator", async () => {
    const username = await newPlayer();
    const browser = await browserOf(username);
    await wrongTimes(browser, 5);
    operator.resetCalls();
    await expectWait(await redeem(browser, PASSWORD), "password");
    expect(redeemCalls()).toBe(0);
    expect(await redemptions(username)).toBe(0);
  });

  it("says so in the player's language, each of the six", async () => {
    const { LOCALES } = await import("~/i18n/config");
    const { resources } = await import("~/i18n/resources");
    const browser = await browserOf(await newPlayer());
    await wrongTimes(browser, 5);
    for (const lng of LOCALES) {
      const cookie = `lng=${encodeURIComponent(Buffer.from(JSON.stringify(lng)).toString("base64"))}`;
      browser.jar.take(new Response(null, { headers: { "Set-Cookie": cookie } }));
      const response = await redeem(browser, PASSWORD);
      expect(response.status, lng).toBe(429);
      const text = (resources[lng].auth as Record<string, string>).password_checks_wait.replace("{{minutes}}", "15");
      expect(((await response.json()) as Refused).result.error.password, lng).toEqual([text]);
    }
  });

  it("counts per player: 5 wrong from 5 devices close the sixth device too", async () => {
    const username = await newPlayer();
    for (let i = 0; i < 5; i++) await wrongTimes(await browserOf(username), 1);
    const fresh = await browserOf(username);
    operator.resetCalls();
    await expectWait(await redeem(fresh, PASSWORD), "password");
    expect(redeemCalls()).toBe(0);
  });

  it("counts per device: 5 wrong over two players on one browser close it for a third player, not the players elsewhere", async () => {
    const [a, b, c] = [await newPlayer(), await newPlayer(), await newPlayer()];
    const device = await browserOf(a);
    await wrongTimes(device, 3);
    await wrongTimes(await browserOf(b, device), 2);
    const third = await browserOf(c, device);
    operator.resetCalls();
    await expectWait(await redeem(third, PASSWORD), "password");
    expect(redeemCalls()).toBe(0);
    // Neither player is at 5: on another browser each still redeems.
    expect((await redeem(await browserOf(a), PASSWORD)).status).toBe(303);
    expect((await redeem(await browserOf(b), PASSWORD)).status).toBe(303);
    expect(await redemptions(c)).toBe(0);
  });

  it("counts only wrong passwords, and a right one resets no count: the player's own or another's", async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const browserA = await browserOf(a);
    await wrongTimes(browserA, 4);
    // The right password passes at 4 wrong, and is not counted.
    expect((await redeem(browserA, PASSWORD)).status).toBe(303);
    // B's right password on another browser changes nothing for A.
    expect((await redeem(await browserOf(b), PASSWORD)).status).toBe(303);
    await wrongTimes(browserA, 1);
    await expectWait(await redeem(browserA, PASSWORD), "password");
    expect(await redemptions(a)).toBe(1);
  });

  it("lets no more than 5 of 12 wrong posts sent at once reach the operator", async () => {
    const username = await newPlayer();
    const browser = await browserOf(username);
    operator.resetCalls();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => redeem(browser, `Wrong${i}xyz`)));
    expect(redeemCalls()).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(redeemCalls());
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(7);
  });
});

describe("the conversion and the password change share the count", () => {
  it("refuses the conversion's right password after 5 wrong, beside the field", async () => {
    const username = await newPlayer();
    const browser = await browserOf(username);
    const convert = (password: string) =>
      browser.post("/member/pointMall/rules", { once: onceKey(), amount: "100", password }, rules.action);
    for (let i = 0; i < 5; i++) expect((await convert(`Wrong${i}xyz`)).status).toBe(400);
    operator.resetCalls();
    await expectWait(await convert(PASSWORD), "password");
    expect(operator.calls.filter((c) => c.path.includes("convertPoint"))).toHaveLength(0);
    expect(((await reference(`/__reference/points?username=${username}`)) as { wallet: string }).wallet).toBe("10000");
  });

  it("counts a wrong old password, and refuses the right one once the redeem's and the change's wrong ones make 5", async () => {
    const username = await newPlayer();
    const browser = await browserOf(username);
    await wrongTimes(browser, 4);
    const change = (oldPassword: string) =>
      browser.post("/change-password", { oldPassword, newPassword: "Changed123", confirmNewPassword: "Changed123" }, changePassword.action);
    const wrong = await change("Wrong9xyz");
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as Refused).result.error.oldPassword).toHaveLength(1);
    // Past the change's own throttle: one attempt per 3 s.
    moveClock(3_100);
    operator.resetCalls();
    await expectWait(await change(PASSWORD), "oldPassword");
    expect(operator.calls.filter((c) => c.path === "/wps/member/password")).toHaveLength(0);
    // The password did not change: the old one still logs in.
    await loggedIn(username, PASSWORD);
  });
});

describe("the limiter's reservation", () => {
  it("gives back a released attempt in the window that holds it, and only once", () => {
    let now = 0;
    const limiter = new limits.SlidingWindowLimiter(2, 60_000, () => now);
    const first = limiter.reserve("a");
    const second = limiter.reserve("a");
    expect(limiter.reserve("a").allowed).toBe(false);
    if (!first.allowed || !second.allowed) throw new Error("both reservations should pass");
    first.release();
    first.release();
    expect(limiter.reserve("a").allowed).toBe(true);
    expect(limiter.reserve("a").allowed).toBe(false);
    // Released after its window moved on: it comes off the previous window's count.
    now = 70_000;
    second.release();
    expect(limiter.reserve("a").allowed).toBe(true);
  });
});
