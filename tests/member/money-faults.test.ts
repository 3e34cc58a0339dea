/**
 * A wallet transfer against the real reference operator whose answer is lost after it acted
 * (its fault switch, decision 035): for each way of losing it, one intended transfer moves the
 * money exactly once, counted in the operator's rows, whatever the player does next — the
 * answer's page, a reload of the post, a double click. The page says the result is not known
 * and shows the balances read fresh.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { loggedIn } from "../support/browser";
import { post, tokenFor } from "../support/operator-calls";
import { startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let transferFund: typeof import("~/routes/member+/transferFund");
let root: typeof import("~/root");
let transferUpline: typeof import("~/routes/member+/transferUpline");

beforeAll(async () => {
  operator = await startPortalEnv();
  // The "late" answer comes after the portal has stopped waiting.
  process.env.OPERATOR_TIMEOUT_MS = "800";
  transferFund = await import("~/routes/member+/transferFund");
  root = await import("~/root");
  transferUpline = await import("~/routes/member+/transferUpline");
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

const reference = async (path: string, init?: RequestInit) =>
  ((await (await fetch(`${operator.url}${path}`, init)).json()) as { value: any }).value;
const transfersOf = async (username: string) => ((await reference(`/__reference/transfers?username=${username}`)) as unknown[]).length;
const arm = (mode: string) =>
  reference("/__reference/faults", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ mode, path: "/wps/relay/GCS_walletTransfer", lateMs: 3_000 }),
  });

describe("a transfer whose answer is lost after the operator moved the money", () => {
  for (const mode of ["cut", "500", "late", "reset", "shape"]) {
    it(`${mode}: moves it once and says the outcome is not known`, async () => {
      const player = await loggedIn("agent001", "Agent1234");
      const page = await (await player.get("/member/transferFund", transferFund.loader)).json();
      const before = await transfersOf("agent001");
      await arm(mode);
      const post = { from: "MAIN", to: "AGL", amount: "7.77", once: page.once };
      const answer = await player.post("/member/transferFund", post, transferFund.action);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/member/transferFund");
      expect(await transfersOf("agent001")).toBe(before + 1);

      // The page it leads to: the notice in the player's language (the root reads the flash)…
      afterBreakerWindow();
      const shell = await (await player.get("/member/transferFund", root.loader)).json();
      expect(shell.notice).toEqual({ key: "outcome_unknown", tone: "error" });
      // …and the balances read fresh, with the move in them.
      const fresh = await (await player.get("/member/transferFund", transferFund.loader)).json();
      const wallets = await reference("/__reference/wallets?username=agent001");
      expect(fresh.wallets.wallets.find((w: { id: string }) => w.id === "AGL").raw).toBe(String(wallets.wallets.AGL));

      // A reload of the same post and a double click: the same answer, nothing moved again.
      const again = await Promise.all([1, 2].map(() => player.post("/member/transferFund", post, transferFund.action)));
      expect(again.map((a) => a.headers.get("Location"))).toEqual(["/member/transferFund", "/member/transferFund"]);
      expect(await transfersOf("agent001")).toBe(before + 1);
    });
  }

  it("the operator acts once per idempotency key, also for posts of one key in flight at once", async () => {
    const token = await tokenFor(operator, "agent001", "Agent1234");
    const before = await transfersOf("agent001");
    const body = { from: "MAIN", to: "AGL", amount: "1.11" };
    const send = (key: string) => post(operator, "/wps/relay/GCS_walletTransfer", body, { token, headers: { "Idempotency-Key": key } });
    const [a, b] = await Promise.all([send("reference-key-0001"), send("reference-key-0001")]);
    const c = await send("reference-key-0001");
    expect(a.success).toBe(true);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(await transfersOf("agent001")).toBe(before + 1);
    await send("reference-key-0002");
    expect(await transfersOf("agent001")).toBe(before + 2);
  });

  it("right after a reset, with the circuit still open, the page the answer leads to is that page, not 'closed'", async () => {
    const player = await loggedIn("down01", "Down1234");
    const page = await (await player.get("/member/transferUpline", transferUpline.loader)).json();
    const before = await transfersOf("down01");
    await reference("/__reference/faults", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ mode: "reset", path: "/wps/relay/MCSFE_transferToUpline" }),
    });
    const answer = await player.post("/member/transferUpline", { amount: "1.25", once: page.once }, transferUpline.action);
    expect(answer.headers.get("Location")).toBe("/member/transferUpline");
    expect(await transfersOf("down01")).toBe(before + 1);
    // No clock moved: the operator's reads fail fast now. The page still draws (its balance
    // unreadable) and the notice waits for it, instead of "this page is closed" on /member.
    const landed = await player.get("/member/transferUpline", transferUpline.loader);
    expect(landed.status).toBe(200);
    expect((await landed.json()).once).toBeTruthy();
    const shell = await (await player.get("/member/transferUpline", root.loader)).json();
    expect(shell.notice).toEqual({ key: "outcome_unknown", tone: "error" });
  });
});
