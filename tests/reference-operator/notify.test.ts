/**
 * What the reference operator publishes (decision 051), heard by a stompjs client on its broker:
 * the real events of its areas reach the members concerned and no one else, speed-test tasks
 * reach only the account's sessions, and the postback keeps the results. "No one else" is proved
 * without waiting: a bystander's first message afterwards is one sent to it on purpose, and one
 * connection delivers in order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionTopic, startReferenceOperator, userTopic, type ReferenceOperator } from "../../server/operator/index";
import { call, post, tokenFor } from "../support/operator-calls";
import { bodyOf, type Mailbox, StompTestClient } from "./stomp-support";

let op: ReferenceOperator;
let client: StompTestClient;
const ids = new Map<string, number>();
const PASSWORDS: Record<string, string> = {
  player01: "Player123",
  agent001: "Agent1234",
  team01: "Team1234",
  down01: "Down1234",
  payee01: "Payee1234",
};
const tokens = new Map<string, string>();

beforeAll(async () => {
  op = await startReferenceOperator({ loginAttemptLimit: 1000 });
  client = await StompTestClient.connect(op.brokerUrl);
  for (const [account, password] of Object.entries(PASSWORDS)) {
    const token = await tokenFor(op, account, password);
    tokens.set(account, token);
    ids.set(account, (await call(op, "/wps/member/info", { token })).value.id);
  }
});
afterAll(async () => {
  await client.close();
  await op.close();
});

const topicOf = (account: string) => userTopic("demo", ids.get(account)!);
const relay = (account: string, operation: string, body: unknown) =>
  post(op, `/wps/relay/${operation}`, body, { token: tokens.get(account) });

/** The next message of a mailbox, after proving (with a marker) that nothing else came first. */
async function expectNothingFor(account: string, mailbox: Mailbox) {
  const marker = await post(op, "/__reference/notify", { account, type: "ONLINE_MSG", message: "marker" });
  expect(bodyOf(await mailbox.next(`the marker for ${account}`)).id, `${account} got something before the marker`).toBe(marker.value.id);
}

async function listen(...accounts: string[]) {
  const subs = await Promise.all(accounts.map((a) => client.subscribe(topicOf(a))));
  return { boxes: subs.map((s) => s.mailbox), done: () => Promise.all(subs.map((s) => s.unsubscribe())) };
}

describe("notify: real events on the user topics", () => {
  it("an agent's transfer to downlines: each downline and the agent hear of it, a bystander does not", async () => {
    const { boxes, done } = await listen("agent001", "team01", "player01");
    const [agent, team01, bystander] = boxes;
    const answer = await relay("agent001", "MCSFE_transferToDownline", { transfers: [{ username: "team01", amount: "25.50" }] });
    expect(answer.success, answer.message).toBe(true);
    expect(bodyOf(await team01.next())).toMatchObject({
      type: "AGENT_TRANSFER_AGENT_TO_DOWNLINE",
      amount: "25.50",
      counterpart: "agent001",
    });
    expect(bodyOf(await agent.next())).toMatchObject({ type: "AGENT_TRANSFER_AGENT_TO_DOWNLINE", amount: "25.50", counterpart: "team01" });
    await expectNothingFor("player01", bystander);
    // A refused transfer publishes nothing.
    expect((await relay("agent001", "MCSFE_transferToDownline", { transfers: [{ username: "player01", amount: "5" }] })).success).toBe(
      false,
    );
    await expectNothingFor("agent001", agent);
    await done();
  });

  it("a downline's transfer to its agent: AGENT_TRANSFER_DOWNLINE_TO_AGENT to both sides", async () => {
    const { boxes, done } = await listen("down01", "agent001");
    const answer = await relay("down01", "MCSFE_transferToUpline", { amount: "12.34" });
    expect(answer.success, answer.message).toBe(true);
    expect(bodyOf(await boxes[0].next())).toMatchObject({
      type: "AGENT_TRANSFER_DOWNLINE_TO_AGENT",
      amount: "12.34",
      counterpart: "agent001",
    });
    expect(bodyOf(await boxes[1].next())).toMatchObject({
      type: "AGENT_TRANSFER_DOWNLINE_TO_AGENT",
      amount: "12.34",
      counterpart: "down01",
    });
    await done();
  });

  it("deposit and withdrawal outcomes move the main wallet on success and carry the remarks", async () => {
    const { boxes, done } = await listen("player01", "agent001");
    const balance = async () => (await call(op, "/__reference/wallets?username=player01")).value.main as string;
    const before = Number(await balance());
    const deposit = await post(op, "/__reference/deposits", { account: "player01", amount: "100", status: "SUCCESS" });
    expect(deposit.value).toMatchObject({ status: "SUCCESS", amount: "100.00", orderNo: expect.stringMatching(/^DP\d{8}$/) });
    expect(bodyOf(await boxes[0].next())).toMatchObject({
      type: "DEPOSIT",
      status: "SUCCESS",
      amount: "100.00",
      orderNo: deposit.value.orderNo,
    });
    const rejected = await post(op, "/__reference/withdrawals", {
      account: "player01",
      amount: "50",
      status: "REJECTED",
      remarks: "Bank details do not match",
    });
    expect(bodyOf(await boxes[0].next())).toMatchObject({
      type: "WITHDRAW",
      status: "REJECTED",
      amount: "50.00",
      remarks: "Bank details do not match",
      orderNo: rejected.value.orderNo,
    });
    await post(op, "/__reference/withdrawals", { account: "player01", amount: "30", status: "SUCCESS" });
    expect(bodyOf(await boxes[0].next())).toMatchObject({ type: "WITHDRAW", status: "SUCCESS", amount: "30.00" });
    expect(Number(await balance())).toBeCloseTo(before + 100 - 30, 2);
    const range = { startTime: Date.now() - 3_600_000, endTime: Date.now() + 60_000 };
    const records = await relay("player01", "ODSFE2_MemTransDet", { accountTypeId: 1, ...range, page: 1, size: 10 });
    expect(JSON.stringify(records.value)).toContain(deposit.value.orderNo);
    // More than the balance: refused, nothing published.
    const tooMuch = await fetch(`${op.url}/__reference/withdrawals`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ account: "player01", amount: "999999999", status: "SUCCESS" }),
    });
    expect(tooMuch.status).toBe(409);
    await expectNothingFor("player01", boxes[0]);
    await expectNothingFor("agent001", boxes[1]);
    await done();
  });

  it("a new inbox message, a new receipt to confirm, a manual promotion, a claim's decision", async () => {
    const { boxes, done } = await listen("player01", "payee01");
    const [player, payee] = boxes;
    const unreadBefore = (await relay("player01", "CSP_unreadCount", {})).value.count as number;
    const inbox = await post(op, "/__reference/inbox", { account: "player01", subject: "Your bonus is ready", content: "Enjoy." });
    expect(bodyOf(await player.next())).toMatchObject({ type: "INBOX", unread: unreadBefore + 1, title: "Your bonus is ready" });
    expect(inbox.value.unread).toBe(unreadBefore + 1);

    await post(op, "/__reference/payment-confirmations/reset", { username: "payee01" });
    expect(bodyOf(await payee.next())).toMatchObject({ type: "PAYMENT_CONFIRMATION", count: 3 });
    await post(op, "/__reference/payment-confirmations", { account: "payee01", amount: "66.60" });
    expect(bodyOf(await payee.next())).toMatchObject({ type: "PAYMENT_CONFIRMATION", count: 4 });
    expect((await relay("payee01", "MCSFE_getPaymentConfirmationList", {})).value).toHaveLength(4);

    const granted = await post(op, "/__reference/manual-promotions", { account: "player01", title: "Birthday gift", amount: "88" });
    expect(granted.success).toBe(true);
    expect(bodyOf(await player.next())).toMatchObject({ type: "MANUAL_PROMO", title: "Birthday gift", amount: "88.00" });

    const claims = (await call(op, "/__reference/promotion-claims?username=player01")).value as { id: number }[];
    await post(op, "/__reference/promotion-claims/decide", { claimId: claims[0].id, status: "PENDING" });
    await post(op, "/__reference/promotion-claims/decide", { claimId: claims[0].id, status: "REJECTED", remarks: "Turnover not reached" });
    const decided = bodyOf(await player.next());
    // PENDING is not told: the first message is the rejection.
    expect(decided).toMatchObject({
      type: "PROMOTION_CLAIM",
      status: "REJECTED",
      remarks: "Turnover not reached",
      title: expect.any(String),
    });
    await post(op, "/__reference/promotion-claims/reset", { username: "player01" });
    await expectNothingFor("payee01", payee);
    await done();
  });

  it("lists what was published to an account at /__reference/notify/log", async () => {
    const log = (await call(op, "/__reference/notify/log?account=player01")).value as { destination: string; body: { type: string } }[];
    expect(log.map((m) => m.body.type)).toEqual(
      expect.arrayContaining(["DEPOSIT", "WITHDRAW", "INBOX", "MANUAL_PROMO", "PROMOTION_CLAIM"]),
    );
    expect(new Set(log.map((m) => m.destination))).toEqual(new Set([topicOf("player01")]));
    expect((await fetch(`${op.url}/__reference/notify/log?account=nobody`)).status).toBe(400);
  });
});

describe("notify: speed-test tasks on the session topics and their postback", () => {
  it("sends one task to each live session of the account only, and keeps the results it reports", async () => {
    const second = await tokenFor(op, "player01", "Player123");
    const sessions = await Promise.all(
      [tokens.get("player01")!, second, tokens.get("agent001")!].map((token) => client.subscribe(sessionTopic("demo", token))),
    );
    const [first, other, agent] = sessions.map((s) => s.mailbox);
    const task = await post(op, "/__reference/speed-test-task", { account: "player01", domain: "m1.example.com", timeoutThreshold: 3000 });
    expect(task.value.taskIds).toHaveLength(2);
    const tasks = [bodyOf(await first.next()), bodyOf(await other.next())];
    for (const t of tasks) expect(t).toMatchObject({ type: "SPEED_TEST", domain: "m1.example.com", timeoutThreshold: 3000 });
    expect(tasks.map((t) => t.taskId).sort()).toEqual([...task.value.taskIds].sort());
    // The agent's session heard nothing: its first message is its own task.
    const agentTask = await post(op, "/__reference/speed-test-task", {
      account: "agent001",
      domain: "m2.example.com",
      timeoutThreshold: 500,
    });
    expect(bodyOf(await agent.next()).taskId).toBe(agentTask.value.taskIds[0]);

    const report = (token: string, body: unknown) => post(op, "/wps/relay/WPSCORE_postbackSpeedTestResult", body, { token });
    const mine = tasks[0].taskId as string;
    const ok = await report(tokens.get("player01")!, {
      taskId: mine,
      success: false,
      elapsed: 3001.5,
      message: "Request timeout: 3001 ms > 3000 ms",
    });
    expect(ok).toMatchObject({ success: true, value: true });
    for (const bad of [
      { taskId: mine, success: "yes", elapsed: 1, message: "" },
      { taskId: mine, success: true, elapsed: -1, message: "" },
      { taskId: mine, success: true, elapsed: "12", message: "" },
      { taskId: 7, success: true, elapsed: 1, message: "" },
    ]) {
      expect((await report(tokens.get("player01")!, bad)).errorCode, JSON.stringify(bad)).toBe("speedtest.result.invalid");
    }
    const unknown = { taskId: "not-a-task", success: true, elapsed: 1, message: "" };
    expect((await report(tokens.get("player01")!, unknown)).errorCode).toBe("speedtest.task.not.found");
    // Another member's task reads as unknown.
    expect((await report(tokens.get("agent001")!, { ...unknown, taskId: mine })).errorCode).toBe("speedtest.task.not.found");

    const results = (await call(op, "/__reference/speed-test-results?account=player01")).value;
    expect(results).toEqual([
      expect.objectContaining({ taskId: mine, domain: "m1.example.com", timeoutThreshold: 3000, success: false, elapsed: 3001.5 }),
    ]);
    const log = (await call(op, "/__reference/notify/log?account=player01")).value as { destination: string }[];
    expect(
      log
        .filter((m) => m.destination.startsWith("/topic/session."))
        .map((m) => m.destination)
        .sort(),
    ).toEqual([sessionTopic("demo", tokens.get("player01")!), sessionTopic("demo", second)].sort());
    await Promise.all(sessions.map((s) => s.unsubscribe()));
  });

  it("refuses a task without a domain or with a threshold out of 1 to 60000 ms", async () => {
    for (const body of [
      { account: "player01", timeoutThreshold: 1000 },
      { account: "player01", domain: "has space.example", timeoutThreshold: 1000 },
      { account: "player01", domain: "m1.example.com", timeoutThreshold: 0 },
      { account: "player01", domain: "m1.example.com", timeoutThreshold: 60_001 },
      { account: "nobody", domain: "m1.example.com", timeoutThreshold: 1000 },
    ]) {
      const response = await fetch(`${op.url}/__reference/speed-test-task`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });
});
