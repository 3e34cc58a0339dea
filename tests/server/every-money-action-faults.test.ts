/**
 * Every money action of the portal against the real reference operator whose answer is lost
 * after it acted (its fault switch, decision 035; issue 22 §1): the upline and downline
 * transfers, a downline's registration, the points redemption and conversion, the task request,
 * the raffle claim, the promotion claim with its images, the manual rebate, the payment
 * confirmation and the contract decisions.
 *
 * For each, under the faults "cut", "500" and "late" ("reset" for the upline transfer and the
 * redemption; "shape" for the two transfers and the raffle claim, whose answers the portal reads
 * by a strict shape — the other money answers are read leniently, so a success of another shape
 * is taken as done, which is the operator's word and still acts once):
 * - the post and a twin posted at the same moment both get a 303 to the form's page (or the
 *   route's page of fresh figures), never with Remix's `_data`, and the next page's root loader
 *   shows the notice {key: "outcome_unknown", tone: "error"};
 * - the operator acted exactly once: counted in its rows through /__reference/* where they are
 *   exposed, and always in its recorded calls to the money path;
 * - a later repeat of the same post gets the same 303 and moves nothing more.
 * And an explicit refusal (the operator's or the form's) is still a 4xx with the message beside
 * the field (or the page's error) and a fresh key, and releases the key: the same key then acts.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { loggedIn, type Browser } from "../support/browser";
import { referenceValue, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let transferUpline: typeof import("~/routes/member+/transferUpline");
let transferDownline: typeof import("~/routes/agent+/transferDownline");
let registerCenter: typeof import("~/routes/agent+/registerCenter");
let teamManagement: typeof import("~/routes/agent+/teamManagement");
let reward: typeof import("~/routes/member+/pointMall._goods.reward.$rewardId");
let pointRules: typeof import("~/routes/member+/pointMall.rules");
let rewardCenter: typeof import("~/routes/member+/rewardCenter");
let apply: typeof import("~/routes/member+/rewardCenter.apply.$promotionId");
let manualRebate: typeof import("~/routes/member+/manualRebate");
let confirmation: typeof import("~/routes/payment-confirmation");
let contracts: typeof import("~/routes/contracts+/index");
let confirm: typeof import("~/routes/contracts+/confirm");
let deposit: typeof import("~/routes/member+/depositv2");

beforeAll(async () => {
  operator = await startPortalEnv();
  // Many logins from one test address: the login limits are not what is tested here.
  process.env.LOGIN_RATE_LIMIT_PER_IP = "100000";
  process.env.LOGIN_RATE_LIMIT_PER_USERNAME = "100000";
  // The "late" answer comes after the portal has stopped waiting.
  process.env.OPERATOR_TIMEOUT_MS = "800";
  root = await import("~/root");
  transferUpline = await import("~/routes/member+/transferUpline");
  transferDownline = await import("~/routes/agent+/transferDownline");
  registerCenter = await import("~/routes/agent+/registerCenter");
  teamManagement = await import("~/routes/agent+/teamManagement");
  reward = await import("~/routes/member+/pointMall._goods.reward.$rewardId");
  pointRules = await import("~/routes/member+/pointMall.rules");
  rewardCenter = await import("~/routes/member+/rewardCenter");
  apply = await import("~/routes/member+/rewardCenter.apply.$promotionId");
  manualRebate = await import("~/routes/member+/manualRebate");
  confirmation = await import("~/routes/payment-confirmation");
  contracts = await import("~/routes/contracts+/index");
  confirm = await import("~/routes/contracts+/confirm");
  deposit = await import("~/routes/member+/depositv2");
});

afterAll(async () => {
  vi.useRealTimers();
  await operator.close();
});

/** Past the circuit breaker's window (decision 018): a time-out or a reset opens it for 5 s. */
const afterBreakerWindow = () => vi.setSystemTime(Date.now() + 6_000);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  afterBreakerWindow();
});

afterEach(async () => {
  await fetch(`${operator.url}/__reference/faults`, { method: "DELETE" });
});

const reference = (path: string, body?: unknown) => referenceValue(operator, path, body);
/** "late" holds the answer 3 s, past the portal's 800 ms. */
const arm = (mode: Mode, path: string) => reference("/__reference/faults", { mode, path, lateMs: 3_000 });
/** The operator's recorded calls to a money path (every request it got, answered or not). */
const callsTo = (path: string) => operator.calls.filter((c) => c.method !== "GET" && c.path === path).length;

type Mode = "cut" | "500" | "reset" | "late" | "shape";
const UNKNOWN = { key: "outcome_unknown", tone: "error" };

let accounts = 0;
const fresh = (prefix: string) => `${prefix}${String(++accounts).padStart(3, "0")}`;

interface Scenario {
  browser: Browser;
  /** The operator's money path the action calls. */
  path: string;
  /** Posts the one intended action, with its one-time key (the same each time). */
  send: () => Promise<Response>;
  /** Where every post of the key leads when the outcome is unknown. */
  checkAt: string;
  /** How many times the action took effect in the operator's own records (not the portal's). */
  times: () => Promise<number>;
  /** What the page of fresh figures shows after it (optional). */
  freshFigures?: () => Promise<void>;
}

/**
 * The operator acts, then its answer is lost: the post and its twin in parallel, then a repeat
 * later, all answered "outcome unknown" at the same page, the action counted once.
 */
async function lostAfterActing(mode: Mode, s: Scenario) {
  expect(await s.times()).toBe(0);
  const calls = callsTo(s.path);
  await arm(mode, s.path);

  const [first, twin] = await Promise.all([s.send(), s.send()]);
  for (const answer of [first, twin]) {
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(s.checkAt);
  }
  expect(s.checkAt).not.toContain("_data");
  expect(await s.times()).toBe(1);
  expect(callsTo(s.path)).toBe(calls + 1);

  // The page it leads to: the notice (the root reads the flash), and the figures read now.
  afterBreakerWindow();
  const shell = await (await s.browser.get(s.checkAt, root.loader)).json();
  expect(shell.notice).toEqual(UNKNOWN);
  await s.freshFigures?.();

  // A reload of the same post later: the same answer, nothing moved again, nothing sent.
  const again = await s.send();
  expect(again.status).toBe(303);
  expect(again.headers.get("Location")).toBe(s.checkAt);
  expect(await s.times()).toBe(1);
  expect(callsTo(s.path)).toBe(calls + 1);
  const shellAgain = await (await s.browser.get(s.checkAt, root.loader)).json();
  expect(shellAgain.notice).toEqual(UNKNOWN);
}

/** The body of a refusal: a 4xx (never a redirect), with what the route answers. */
async function refusal(answer: Response, status = 400) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get("Location")).toBeNull();
  return answer.json();
}

// ── transfer to the upline (down01 → agent001) ─────────────────────────────────────────

describe("transfer to the upline", () => {
  const PATH = "/wps/relay/MCSFE_transferToUpline";
  const transfers = async () => ((await reference("/__reference/transfers?username=down01")) as unknown[]).length;

  async function scenario(amount: string): Promise<Scenario> {
    const browser = await loggedIn("down01", "Down1234");
    const page = await (await browser.get("/member/transferUpline", transferUpline.loader)).json();
    const count = await transfers();
    const agentBefore = Number((await reference("/__reference/wallets?username=agent001")).main);
    return {
      browser,
      path: PATH,
      send: () => browser.post("/member/transferUpline", { amount, once: page.once }, transferUpline.action),
      checkAt: "/member/transferUpline",
      times: async () => (await transfers()) - count,
      freshFigures: async () => {
        const shown = await (await browser.get("/member/transferUpline", transferUpline.loader)).json();
        const wallets = await reference("/__reference/wallets?username=down01");
        expect(shown.main.raw).toBe(String(wallets.main));
        expect(Number((await reference("/__reference/wallets?username=agent001")).main)).toBeCloseTo(agentBefore + Number(amount), 2);
      },
    };
  }

  for (const mode of ["cut", "500", "reset", "late", "shape"] as const) {
    it(`${mode}: moves the money once and says the outcome is unknown`, async () => {
      await lostAfterActing(mode, await scenario("3.21"));
    });
  }

  it("refuses more than the main wallet holds beside the amount, with a fresh key, and releases the key", async () => {
    const browser = await loggedIn("down01", "Down1234");
    const page = await (await browser.get("/member/transferUpline", transferUpline.loader)).json();
    const count = await transfers();
    const body = await refusal(await browser.post("/member/transferUpline", { amount: "999999", once: page.once }, transferUpline.action));
    expect(body.result.error.amount).toEqual(["transfer_amount_exceeds"]);
    expect(body.once).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(body.once).not.toBe(page.once);
    expect(await transfers()).toBe(count);
    // Released: the same key, corrected, moves the money.
    const retry = await browser.post("/member/transferUpline", { amount: "1.50", once: page.once }, transferUpline.action);
    expect(retry.status).toBe(303);
    expect(retry.headers.get("Location")).toBe("/member/transferUpline");
    expect(await transfers()).toBe(count + 1);
  });
});

// ── transfer to a downline (agent001 → team01) ──────────────────────────────────────────

describe("transfer to a downline", () => {
  const PATH = "/wps/relay/MCSFE_transferToDownline";
  const transfers = async () => ((await reference("/__reference/transfers?username=agent001")) as unknown[]).length;
  const URL_ = "/agent/transferDownline?to=team01";

  async function scenario(): Promise<Scenario> {
    const browser = await loggedIn("agent001", "Agent1234");
    const page = await (await browser.get(URL_, transferDownline.loader)).json();
    const count = await transfers();
    return {
      browser,
      path: PATH,
      send: () => browser.post(URL_, { to: "team01", amount: "2", once: page.once }, transferDownline.action),
      checkAt: URL_,
      times: async () => (await transfers()) - count,
      freshFigures: async () => {
        const shown = await (await browser.get(URL_, transferDownline.loader)).json();
        expect(shown.main.raw).toBe(String((await reference("/__reference/wallets?username=agent001")).main));
      },
    };
  }

  for (const mode of ["cut", "500", "late", "shape"] as const) {
    it(`${mode}: moves the money once and says the outcome is unknown`, async () => {
      await lostAfterActing(mode, await scenario());
    });
  }

  it("puts the operator's refusal (not a downline) beside the field, with a fresh key, and releases the key", async () => {
    const browser = await loggedIn("agent001", "Agent1234");
    const page = await (await browser.get(URL_, transferDownline.loader)).json();
    const count = await transfers();
    const calls = callsTo(PATH);
    const body = await refusal(await browser.post(URL_, { to: "player01", amount: "2", once: page.once }, transferDownline.action));
    expect(body.result.error.to).toEqual(["agent_transfer_not_downline"]);
    expect(body.once).not.toBe(page.once);
    expect(callsTo(PATH)).toBe(calls + 1);
    const retry = await browser.post(URL_, { to: "team01", amount: "2", once: page.once }, transferDownline.action);
    expect(retry.status).toBe(303);
    expect(await transfers()).toBe(count + 1);
  });
});

// ── a downline's registration (a fresh first-level agent) ───────────────────────────────

describe("registering a downline", () => {
  const PATH = "/wps/relay/MCSFE_registerDownline";
  const registered = async (username: string) => ((await reference(`/__reference/registered?username=${username}`)) ? 1 : 0);

  async function agent() {
    const username = fresh("fagent");
    await reference("/__reference/members", { username, password: "Agent1234", agentType: 1, balance: "1000.00" });
    return loggedIn(username, "Agent1234");
  }

  async function scenario(): Promise<Scenario> {
    const browser = await agent();
    const page = await (await browser.get("/agent/registerCenter", registerCenter.loader)).json();
    const username = fresh("fdown");
    const fields = { username, password: "Abc12345", verifyPwd: "Abc12345", nickname: "Jay", agentType: "2", once: page.once };
    return {
      browser,
      path: PATH,
      send: () => browser.post("/agent/registerCenter", fields, registerCenter.action),
      // The register form does not show the team: the new account is looked for in it.
      checkAt: `/agent/teamManagement?q=${username}`,
      times: () => registered(username),
      freshFigures: async () => {
        const found = await (await browser.get(`/agent/teamManagement?q=${username}`, teamManagement.loader)).json();
        expect(found.rows.map((r: { username: string }) => r.username)).toEqual([username]);
      },
    };
  }

  for (const mode of ["cut", "500", "late"] as const) {
    it(`${mode}: opens the account once and says the outcome is unknown`, async () => {
      await lostAfterActing(mode, await scenario());
    });
  }

  it("puts the operator's refusal (a taken username) beside the field, with a fresh key, and releases the key", async () => {
    const browser = await agent();
    const page = await (await browser.get("/agent/registerCenter", registerCenter.loader)).json();
    const fields = { password: "Abc12345", verifyPwd: "Abc12345", agentType: "2", once: page.once };
    const calls = callsTo(PATH);
    const body = await refusal(await browser.post("/agent/registerCenter", { ...fields, username: "team01" }, registerCenter.action));
    expect(body.result.error.username).toEqual(["agent_username_taken"]);
    expect(body.result.initialValue.password).toBeUndefined();
    expect(body.once).not.toBe(page.once);
    expect(callsTo(PATH)).toBe(calls + 1);
    const username = fresh("fdown");
    const retry = await browser.post("/agent/registerCenter", { ...fields, username }, registerCenter.action);
    expect(retry.status).toBe(303);
    expect(await registered(username)).toBe(1);
  });
});

// ── the points mall: redeem and convert (fresh players, PAYMENTPASS3 on) ────────────────

describe("the points mall", () => {
  const REDEEM = "/wps/relay/passwordCheck/MCSFE_redeemPointReward";
  const CONVERT = "/wps/relay/passwordCheck/MCSFE_convertPoint";
  const CARD_100 = 14;
  const address = { name: "Wang Xiaoming", address: "100 Century Ave, Shanghai", phone: "13800138000", province: "Shanghai" };
  const state = (username: string) =>
    reference(`/__reference/points?username=${username}&rewardId=${CARD_100}`) as Promise<{
      balance: string;
      wallet: string;
      inventory: number;
      redemptions: number;
    }>;

  async function member(points = "50000", balance = "500") {
    const username = fresh("fpoints");
    await reference("/__reference/members", { username, password: "Points123", balance });
    await reference("/__reference/points", { username, balance: points });
    await reference("/__reference/points", { rewardId: CARD_100, inventory: 500 });
    return { browser: await loggedIn(username, "Points123"), username };
  }

  const rewardUrl = `/member/pointMall/reward/${CARD_100}`;
  const params = { rewardId: String(CARD_100) };

  async function redeemScenario(): Promise<Scenario> {
    const { browser, username } = await member();
    const page = await (await browser.get(rewardUrl, reward.loader, params)).json();
    expect(page.rules.paymentPassword).toBe(true);
    const before = await state(username);
    return {
      browser,
      path: REDEEM,
      send: () =>
        browser.post(
          rewardUrl,
          { once: page.once, quantity: "1", redeemType: "P", password: "Points123", ...address },
          reward.action,
          params,
        ),
      // The redemption records tell whether it went through (the reward page may be unreadable).
      checkAt: "/member/pointMall/records",
      times: async () => (await state(username)).redemptions - before.redemptions,
      freshFigures: async () => {
        const after = await state(username);
        expect(after.inventory).toBe(before.inventory - 1);
        const shown = await (await browser.get(rewardUrl, reward.loader, params)).json();
        expect(shown.reward.inventory).toBe(after.inventory);
      },
    };
  }

  for (const mode of ["cut", "500", "reset", "late"] as const) {
    it(`redeem, ${mode}: redeems once and says the outcome is unknown`, async () => {
      await lostAfterActing(mode, await redeemScenario());
    });
  }

  it("redeem: puts a wrong payment password beside the field, with a fresh key, and releases the key", async () => {
    const { browser, username } = await member();
    const page = await (await browser.get(rewardUrl, reward.loader, params)).json();
    const fields = { once: page.once, quantity: "1", redeemType: "P", ...address };
    const body = await refusal(await browser.post(rewardUrl, { ...fields, password: "Wrong1234" }, reward.action, params));
    expect(body.result.error.password).toEqual(["密码错误"]);
    expect(body.result.initialValue.password).toBeUndefined();
    expect(body.once).not.toBe(page.once);
    expect((await state(username)).redemptions).toBe(0);
    const retry = await browser.post(rewardUrl, { ...fields, password: "Points123" }, reward.action, params);
    expect(retry.status).toBe(303);
    expect(retry.headers.get("Location")).toBe("/member/pointMall/records");
    expect((await state(username)).redemptions).toBe(1);
  });

  async function convertScenario(): Promise<Scenario> {
    const { browser, username } = await member("0", "500");
    const page = await (await browser.get("/member/pointMall/rules", pointRules.loader)).json();
    expect(page.paymentPassword).toBe(true);
    return {
      browser,
      path: CONVERT,
      send: () => browser.post("/member/pointMall/rules", { once: page.once, amount: "10", password: "Points123" }, pointRules.action),
      checkAt: "/member/pointMall/rules",
      // Each conversion of 10 takes 10 from the wallet and gives 100 points (rate 10).
      times: async () => {
        const now = await state(username);
        const conversions = (500 - Number(now.wallet)) / 10;
        expect(Number(now.balance)).toBe(conversions * 100);
        return conversions;
      },
      freshFigures: async () => {
        const shown = await (await browser.get("/member/pointMall/rules", pointRules.loader)).json();
        expect(shown.wallet).toBe("¥490.00");
      },
    };
  }

  for (const mode of ["cut", "500", "late"] as const) {
    it(`convert, ${mode}: converts once and says the outcome is unknown`, async () => {
      await lostAfterActing(mode, await convertScenario());
    });
  }

  it("convert: puts a wrong payment password beside the field, with a fresh key, and releases the key", async () => {
    const { browser, username } = await member("0", "500");
    const page = await (await browser.get("/member/pointMall/rules", pointRules.loader)).json();
    const body = await refusal(
      await browser.post("/member/pointMall/rules", { once: page.once, amount: "10", password: "Wrong1234" }, pointRules.action),
    );
    expect(body.result.error.password).toEqual(["密码错误"]);
    expect(body.once).not.toBe(page.once);
    expect(Number((await state(username)).wallet)).toBe(500);
    const retry = await browser.post(
      "/member/pointMall/rules",
      { once: page.once, amount: "10", password: "Points123" },
      pointRules.action,
    );
    expect(retry.status).toBe(303);
    const after = await state(username);
    expect([Number(after.wallet), Number(after.balance)]).toEqual([490, 100]);
  });
});

// ── the reward centre: task requests, the raffle claim, the claim with images (player01) ─

describe("the reward centre", () => {
  const TASK = "/wps/relay/MCSFE_signUpRequestReward";
  const RAFFLE = "/wps/relay/MCSFE_claimRafflePromotion";
  const CLAIM = "/wps/relay/MCSFE_claimReward";
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const png = () => new File([PNG], "receipt.png", { type: "image/png" });

  beforeEach(async () => {
    await reference("/__reference/promotion-claims/reset", { username: "player01" });
  });

  type Task = { id: number; status: string; once: string };
  type Raffle = { promotionId: number; raffleScheduleId: number; startsInS: number | null; once: string };

  async function taskScenario(): Promise<Scenario> {
    const browser = await loggedIn("player01", "Player123");
    const page = await (await browser.get("/member/rewardCenter?tab=signInTask", rewardCenter.loader)).json();
    const task = (page.tasks as Task[]).find((t) => t.status === "CLAIMABLE")!;
    const requested = async () => {
      const shown = await (await browser.get("/member/rewardCenter?tab=signInTask", rewardCenter.loader)).json();
      return (shown.tasks as Task[]).find((t) => t.id === task.id)!.status === "REQUESTED" ? 1 : 0;
    };
    const calls = callsTo(TASK);
    return {
      browser,
      path: TASK,
      // With scripts: the post carries Remix's _data, which the answer's page drops.
      send: () =>
        browser.post(
          "/member/rewardCenter?tab=signInTask&_data=routes%2Fmember%2B%2FrewardCenter",
          { once: task.once, intent: "requestTask", tab: "signInTask", taskId: String(task.id) },
          rewardCenter.action,
        ),
      checkAt: "/member/rewardCenter?tab=signInTask",
      // No reference helper lists task requests: the operator's calls, then the task as it shows it.
      times: async () => callsTo(TASK) - calls,
      freshFigures: async () => expect(await requested()).toBe(1),
    };
  }

  for (const mode of ["cut", "500", "late"] as const) {
    it(`task request, ${mode}: requests once and says the outcome is unknown`, async () => {
      await lostAfterActing(mode, await taskScenario());
    });
  }

  it("task request: the operator's refusal (not claimable) is the page's error, with a fresh key, and releases the key", async () => {
    const browser = await loggedIn("player01", "Player123");
    const page = await (await browser.get("/member/rewardCenter?tab=signInTask", rewardCenter.loader)).json();
    const tasks = page.tasks as Task[];
    const claimable = tasks.find((t) => t.status === "CLAIMABLE")!;
    const other = tasks.find((t) => t.status !== "CLAIMABLE")!;
    const post = (taskId: number) =>
      browser.post(
        "/member/rewardCenter?tab=signInTask",
        { once: claimable.once, intent: "requestTask", tab: "signInTask", taskId: String(taskId) },
        rewardCenter.action,
      );
    const calls = callsTo(TASK);
    const body = await refusal(await post(other.id));
    expect(typeof body.error).toBe("string");
    expect(body.error).not.toBe("");
    expect(body.once).not.toBe(claimable.once);
    expect(callsTo(TASK)).toBe(calls + 1);
    const retry = await post(claimable.id);
    expect(retry.status).toBe(303);
    expect(retry.headers.get("Location")).toBe("/member/rewardCenter?tab=signInTask");
  });

  async function raffleScenario(): Promise<Scenario> {
    const browser = await loggedIn("player01", "Player123");
    const page = await (await browser.get("/member/rewardCenter", rewardCenter.loader)).json();
    const running = (page.raffles as Raffle[]).find((r) => r.startsInS === null)!;
    const calls = callsTo(RAFFLE);
    return {
      browser,
      path: RAFFLE,
      send: () =>
        browser.post(
          "/member/rewardCenter",
          {
            once: running.once,
            intent: "claimRaffle",
            tab: "promoList",
            promotionId: String(running.promotionId),
            raffleScheduleId: String(running.raffleScheduleId),
          },
          rewardCenter.action,
        ),
      checkAt: "/member/rewardCenter",
      times: async () => callsTo(RAFFLE) - calls,
      freshFigures: async () => {
        // Claimed: the running raffle's tip is gone from the centre.
        const shown = await (await browser.get("/member/rewardCenter", rewardCenter.loader)).json();
        expect((shown.raffles as Raffle[]).map((r) => r.raffleScheduleId)).not.toContain(running.raffleScheduleId);
      },
    };
  }

  for (const mode of ["cut", "500", "late", "shape"] as const) {
    it(`raffle claim, ${mode}: claims once and says the outcome is unknown`, async () => {
      await lostAfterActing(mode, await raffleScenario());
    });
  }

  it("raffle claim: the operator's refusal (not started) is the page's error, with a fresh key, and releases the key", async () => {
    const browser = await loggedIn("player01", "Player123");
    const page = await (await browser.get("/member/rewardCenter", rewardCenter.loader)).json();
    const raffles = page.raffles as Raffle[];
    const running = raffles.find((r) => r.startsInS === null)!;
    const later = raffles.find((r) => r.startsInS !== null)!;
    const post = (r: Raffle) =>
      browser.post(
        "/member/rewardCenter",
        {
          once: running.once,
          intent: "claimRaffle",
          tab: "promoList",
          promotionId: String(r.promotionId),
          raffleScheduleId: String(r.raffleScheduleId),
        },
        rewardCenter.action,
      );
    const body = await refusal(await post(later));
    expect(typeof body.error).toBe("string");
    expect(body.once).not.toBe(running.once);
    const retry = await post(running);
    expect(retry.status).toBe(303);
  });

  type Promotion = { id: number; claimStatus: string | null; remarkRequired: boolean; imageRequired: boolean };
  const pendingClaims = async () =>
    ((await reference("/__reference/promotion-claims?username=player01")) as { status: string; images: unknown[] }[]).filter(
      (c) => c.status === "PENDING",
    );

  async function claimScenario(): Promise<Scenario> {
    const browser = await loggedIn("player01", "Player123");
    const centre = await (await browser.get("/member/rewardCenter", rewardCenter.loader)).json();
    const strict = (centre.promotions as Promotion[]).find((p) => p.remarkRequired && p.imageRequired && p.claimStatus === null)!;
    const url = `/member/rewardCenter/apply/${strict.id}`;
    const params = { promotionId: String(strict.id) };
    const { once } = await (await browser.get(url, apply.loader, params)).json();
    return {
      browser,
      path: CLAIM,
      send: () => browser.upload(url, { once, remarks: "my receipt" }, { pictures: [png()] }, apply.action, params),
      // The dialog closes once the promotion is claimed: the centre shows the claim (PENDING).
      checkAt: "/member/rewardCenter",
      times: async () => (await pendingClaims()).length,
      freshFigures: async () => {
        const [claim] = await pendingClaims();
        expect(claim.images).toEqual([{ kind: "png", size: PNG.length }]);
        const shown = await (await browser.get("/member/rewardCenter", rewardCenter.loader)).json();
        expect((shown.promotions as Promotion[]).find((p) => p.id === strict.id)!.claimStatus).toBe("PENDING");
      },
    };
  }

  for (const mode of ["cut", "500", "late"] as const) {
    it(`claim with images, ${mode}: claims once and says the outcome is unknown`, async () => {
      await lostAfterActing(mode, await claimScenario());
    });
  }

  it("claim with images: a refused picture is beside its field, with a fresh key, and the key is released", async () => {
    const browser = await loggedIn("player01", "Player123");
    const centre = await (await browser.get("/member/rewardCenter", rewardCenter.loader)).json();
    const strict = (centre.promotions as Promotion[]).find((p) => p.remarkRequired && p.imageRequired && p.claimStatus === null)!;
    const url = `/member/rewardCenter/apply/${strict.id}`;
    const params = { promotionId: String(strict.id) };
    const { once } = await (await browser.get(url, apply.loader, params)).json();
    const gif = new File([new TextEncoder().encode("GIF89a\x01\x00\x01\x00")], "a.gif", { type: "image/gif" });
    const body = await refusal(await browser.upload(url, { once, remarks: "my receipt" }, { pictures: [gif] }, apply.action, params));
    expect(body.result.error.pictures).toEqual(["activity_apply_remark_limit4"]);
    expect(body.result.initialValue.remarks).toBe("my receipt");
    expect(body.once).not.toBe(once);
    expect(await pendingClaims()).toEqual([]);
    const retry = await browser.upload(url, { once, remarks: "my receipt" }, { pictures: [png()] }, apply.action, params);
    expect(retry.status).toBe(303);
    expect(await pendingClaims()).toHaveLength(1);
  });
});

// ── the manual rebate (rebate01: LIVE, RNG, LOTT and FISH wait; SPORTS and PVP are empty) ─

describe("the manual rebate", () => {
  const PATH = "/wps/relay/MCSFE_claimManualRebate";
  const mainOf = async () => Number((await reference("/__reference/wallets?username=rebate01")).main);
  type Row = { productType: string; pending: string; claimable: boolean; once: string };

  async function scenario(productType: string): Promise<Scenario> {
    const browser = await loggedIn("rebate01", "Rebate123");
    const page = await (await browser.get("/member/manualRebate", manualRebate.loader)).json();
    const row = (page.rows as Row[]).find((r) => r.productType === productType)!;
    expect(row.claimable).toBe(true);
    const pending = Number(row.pending.replace(/[^\d.]/g, ""));
    const before = await mainOf();
    return {
      browser,
      path: PATH,
      send: () => browser.post("/member/manualRebate", { productType, once: row.once }, manualRebate.action),
      checkAt: "/member/manualRebate",
      // No reference helper lists rebate claims: the main wallet moves by the pending amount each time.
      times: async () => Math.round(((await mainOf()) - before) / pending),
      freshFigures: async () => {
        const shown = await (await browser.get("/member/manualRebate", manualRebate.loader)).json();
        expect((shown.rows as Row[]).find((r) => r.productType === productType)!.claimable).toBe(false);
      },
    };
  }

  it("cut: claims once and says the outcome is unknown", async () => {
    await lostAfterActing("cut", await scenario("LIVE"));
  });

  it("500: claims once and says the outcome is unknown", async () => {
    await lostAfterActing("500", await scenario("RNG"));
  });

  it("late: claims once and says the outcome is unknown", async () => {
    await lostAfterActing("late", await scenario("FISH"));
  });

  it("the operator's refusal (nothing to claim) is the page's error, and releases the key", async () => {
    const browser = await loggedIn("rebate01", "Rebate123");
    const page = await (await browser.get("/member/manualRebate", manualRebate.loader)).json();
    const lott = (page.rows as Row[]).find((r) => r.productType === "LOTT")!;
    const before = await mainOf();
    const calls = callsTo(PATH);
    const body = await refusal(await browser.post("/member/manualRebate", { productType: "SPORTS", once: lott.once }, manualRebate.action));
    expect(typeof body.error).toBe("string");
    expect(body.error).not.toBe("");
    expect(callsTo(PATH)).toBe(calls + 1);
    expect(await mainOf()).toBe(before);
    const retry = await browser.post("/member/manualRebate", { productType: "LOTT", once: lott.once }, manualRebate.action);
    expect(retry.status).toBe(303);
    expect(await mainOf()).toBeGreaterThan(before);
  });
});

// ── payment confirmation (payee01's three waiting receipts) ──────────────────────────────

describe("payment confirmation", () => {
  const PATH = "/wps/relay/MCSFE_processC2CTransaction";
  type Stored = { payDetailId: number; answer: string | null };
  const answered = async (id: string) =>
    ((await reference("/__reference/payment-confirmations")) as Stored[]).filter((r) => String(r.payDetailId) === id && r.answer !== null)
      .length;

  beforeEach(async () => {
    await reference("/__reference/payment-confirmations/reset", {});
  });

  async function scenario(scripts: boolean): Promise<Scenario> {
    const browser = await loggedIn("payee01", "Payee1234");
    const page = await (await browser.get("/payment-confirmation?redirectTo=%2Felectron", confirmation.loader)).json();
    const id = page.item.payDetailId as string;
    const url = scripts ? "/payment-confirmation?_data=routes%2Fpayment-confirmation" : "/payment-confirmation?redirectTo=%2Felectron";
    const calls = callsTo(PATH);
    return {
      browser,
      path: PATH,
      send: () =>
        browser.upload(url, { intent: "received", payDetailId: id, once: page.once, redirectTo: "/electron" }, {}, confirmation.action),
      // Back where the player was: the receipts left prompt there again, read fresh.
      checkAt: "/electron",
      times: async () => {
        expect(callsTo(PATH) - calls).toBeLessThanOrEqual(1);
        return answered(id);
      },
      freshFigures: async () => {
        // The receipt answered is no longer waiting: the page shows the next of the two left.
        const shown = await (await browser.get("/payment-confirmation?redirectTo=%2Felectron", confirmation.loader)).json();
        expect(shown.total).toBe(2);
        expect(shown.item.payDetailId).not.toBe(id);
      },
    };
  }

  it("cut (no scripts): answers once and says the outcome is unknown", async () => {
    await lostAfterActing("cut", await scenario(false));
  });

  it("500 (with scripts): answers once and says the outcome is unknown", async () => {
    await lostAfterActing("500", await scenario(true));
  });

  it("late (no scripts): answers once and says the outcome is unknown", async () => {
    await lostAfterActing("late", await scenario(false));
  });

  it("not received, with its proof (multipart), reset: answers once and says the outcome is unknown", async () => {
    const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const browser = await loggedIn("payee01", "Payee1234");
    const page = await (await browser.get("/payment-confirmation?redirectTo=%2Felectron", confirmation.loader)).json();
    const id = page.item.payDetailId as string;
    await lostAfterActing("reset", {
      browser,
      path: PATH,
      send: () =>
        browser.upload(
          "/payment-confirmation?redirectTo=%2Felectron",
          { intent: "notReceived", payDetailId: id, once: page.once, redirectTo: "/electron" },
          { proof: new File([PNG], "proof.png", { type: "image/png" }) },
          confirmation.action,
        ),
      checkAt: "/electron",
      times: () => answered(id),
    });
    const stored = (await reference("/__reference/payment-confirmations")) as (Stored & { proofBytes: number | null })[];
    expect(stored.find((r) => String(r.payDetailId) === id)).toMatchObject({ answer: "N", proofBytes: PNG.length });
  });

  it("the operator's refusal (an unknown receipt) is the page's error, with a fresh key, and releases the key", async () => {
    const browser = await loggedIn("payee01", "Payee1234");
    const page = await (await browser.get("/payment-confirmation", confirmation.loader)).json();
    const id = page.item.payDetailId as string;
    const post = (payDetailId: string) =>
      browser.upload("/payment-confirmation", { intent: "received", payDetailId, once: page.once }, {}, confirmation.action);
    const calls = callsTo(PATH);
    const body = await refusal(await post("999999999"));
    expect(typeof body.error).toBe("string");
    expect(body.once).not.toBe(page.once);
    expect(callsTo(PATH)).toBe(calls + 1);
    expect(await answered(id)).toBe(0);
    const retry = await post(id);
    expect(retry.status).toBe(303);
    expect(await answered(id)).toBe(1);
  });
});

// ── contract decisions (a fresh agent with the demo set) ────────────────────────────────

describe("contract decisions", () => {
  const PATH = "/wps/relay/MCSFE_processRealTimeSalaryContract";
  type Card = { card: { kind: string; productType: string; status: string; fields: Record<string, string> }; once: string };
  const statusOf = async (username: string) =>
    ((await reference(`/__reference/contracts?username=${username}`)) as { kind: string; productType: string; status: string }[]).find(
      (c) => c.kind === "realtime" && c.productType === "SPORTS",
    )?.status;

  async function agent() {
    const username = fresh("fcontract");
    await reference("/__reference/members", { username, password: "Agent1234", agentType: 1 });
    await reference("/__reference/contracts/reset", { username });
    const browser = await loggedIn(username, "Agent1234");
    const list = await (await browser.get("/contracts?redirectTo=%2Fmember", contracts.loader)).json();
    const card = (list.requests as Card[]).find((c) => c.card.kind === "realtime" && c.card.productType === "SPORTS")!;
    return { browser, username, card };
  }

  async function scenario(): Promise<Scenario> {
    const { browser, username, card } = await agent();
    const calls = callsTo(PATH);
    return {
      browser,
      path: PATH,
      send: () =>
        browser.post(
          "/contracts?redirectTo=%2Fmember",
          { ...card.card.fields, intent: "accept", once: card.once, redirectTo: "/member" },
          contracts.action,
        ),
      checkAt: "/contracts?redirectTo=%2Fmember",
      // The decision is a status, not a row: the operator's calls count the acts, the status what they did.
      times: async () => {
        const acts = callsTo(PATH) - calls;
        expect(await statusOf(username)).toBe(acts === 0 ? card.card.status : "V");
        return acts;
      },
      freshFigures: async () => {
        const list = await (await browser.get("/contracts?redirectTo=%2Fmember", contracts.loader)).json();
        const active = (list.terminations as Card[]).find((c) => c.card.kind === "realtime" && c.card.productType === "SPORTS");
        expect(active?.card.status).toBe("V");
      },
    };
  }

  for (const mode of ["cut", "500", "late"] as const) {
    it(`${mode}: decides once and says the outcome is unknown`, async () => {
      await lostAfterActing(mode, await scenario());
    });
  }

  it("a higher rate accepted through its confirmation, reset: decides once and says the outcome is unknown", async () => {
    const DAILY = "/wps/relay/MCSFE_processDailySalaryContract";
    const { browser, username } = await agent();
    const list = await (await browser.get("/contracts?redirectTo=%2Fmember", contracts.loader)).json();
    const fish = (list.requests as Card[]).find((c) => c.card.kind === "daily" && c.card.productType === "FISH")!;
    const asked = await browser.post(
      "/contracts?redirectTo=%2Fmember",
      { ...fish.card.fields, intent: "accept", once: fish.once, redirectTo: "/member" },
      contracts.action,
    );
    const location = asked.headers.get("Location")!;
    expect(location.startsWith("/contracts/confirm?")).toBe(true);
    const data = await (await browser.get(location, confirm.loader)).json();
    const fishStatus = async () =>
      ((await reference(`/__reference/contracts?username=${username}`)) as { kind: string; productType: string; status: string }[]).find(
        (c) => c.kind === "daily" && c.productType === "FISH",
      )?.status;
    const calls = callsTo(DAILY);
    await lostAfterActing("reset", {
      browser,
      path: DAILY,
      // The confirmation's form posts to the list, which is where the player checks.
      send: () =>
        browser.post(
          "/contracts?redirectTo=%2Fmember",
          { ...data.card.fields, intent: "accept", confirmed: "1", once: data.once, redirectTo: "/member" },
          contracts.action,
        ),
      checkAt: "/contracts?redirectTo=%2Fmember",
      times: async () => {
        const acts = callsTo(DAILY) - calls;
        expect(await fishStatus()).toBe(acts === 0 ? "P" : "V");
        return acts;
      },
    });
  });

  it("a refusal (the contract moved on) is the page's error, and releases the key", async () => {
    const { browser, username, card } = await agent();
    const post = (shown: string) =>
      browser.post(
        "/contracts?redirectTo=%2Fmember",
        { ...card.card.fields, shown, intent: "accept", once: card.once, redirectTo: "/member" },
        contracts.action,
      );
    const calls = callsTo(PATH);
    const body = await refusal(await post("V"), 409);
    expect(body.error).toBe("contract_moved_on");
    expect(callsTo(PATH)).toBe(calls);
    const retry = await post(card.card.fields.shown);
    expect(retry.status).toBe(303);
    expect(await statusOf(username)).toBe("V");
  });
});

// ── the cashier: no money endpoint ──────────────────────────────────────────────────────

describe("the cashier", () => {
  it("asks the operator for an address only (not a money call): a lost answer is the retry text with a fresh key", async () => {
    const path = "/wps/relay/MCSFE_getCashierUrl";
    const { endpoints } = await import("~/operator/endpoints");
    expect((endpoints.cashierUrl as { money?: boolean }).money).toBeUndefined();
    const browser = await loggedIn("player01", "Player123");
    const { once } = await (await browser.get("/member/depositv2", deposit.loader)).json();
    await arm("cut", path);
    const lost = await browser.post("/member/depositv2", { once }, deposit.action);
    expect(lost.status).toBe(503);
    expect((await lost.json()).once).not.toBe(once);
    // Nothing moved, so the key is free again: the same post now reaches the cashier.
    const retry = await browser.post("/member/depositv2", { once }, deposit.action);
    expect(retry.status).toBe(303);
    expect(retry.headers.get("Location")!.startsWith(`${operator.url}/demo-cashier/`)).toBe(true);
  });
});
