/**
 * The reference operator's points area (decision 033): the answers in the shapes the portal
 * parses, the payment password of PAYMENTPASS3 on the encrypted passwordCheck calls, a quantity
 * beyond the stock refused even when a client sends it, the money of points plus money, the
 * conversion at the exchange rate, the internal transaction type left out on request, and the
 * MCS2 prefix reaching the same operations.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pointBalanceAnswer, pointConfigAnswer, pointRewardsAnswer, pointRewardTypesAnswer, redeemRecordsAnswer } from "~/operator/answers";
import { encryptPayload } from "~/operator/encryption.server";
import { startReferenceOperator, type ReferenceOperator } from "../../server/operator/index";
import { call, post, tokenFor } from "../support/operator-calls";

let op: ReferenceOperator;
let player: string;
beforeAll(async () => {
  op = await startReferenceOperator({ loginAttemptLimit: 1_000 });
  player = await tokenFor(op, "player01", "Player123");
});
afterAll(() => op.close());

const relay = (operation: string, body: unknown = {}, token = player) => post(op, `/wps/relay/${operation}`, body, { token });

/** A password-checked call as the portal sends it: encrypted, under /wps/relay/passwordCheck/. */
function checked(operation: string, payload: Record<string, unknown>, token = player) {
  const { body, encryption } = encryptPayload(payload, op.publicKeyHex);
  return call(op, `/wps/relay/passwordCheck/MCSFE_${operation}`, { method: "POST", body, token, headers: { Encryption: encryption } });
}

const state = async (username: string, rewardId?: number) =>
  (await call(op, `/__reference/points?username=${username}${rewardId ? `&rewardId=${rewardId}` : ""}`)).value as {
    balance: string;
    wallet: string;
    inventory: number;
  };

describe("the points answers", () => {
  it("answer balance, configuration, types, rewards and records in the portal's shapes", async () => {
    expect(pointBalanceAnswer.safeParse((await relay("MCSFE_getPointBalance")).value).success).toBe(true);
    const config = (await relay("MCSFE_getPointConfig")).value;
    expect(pointConfigAnswer.parse(config)).toMatchObject({ pointExchangeRate: "10", liveBet: "0.005", lineRequired: "N" });
    const types = pointRewardTypesAnswer.parse((await relay("MCSFE_getPointRewardConversionType")).value);
    expect(types.map((t) => t.name)).toEqual(["Digital", "Luxury", "Home & living", "Gift cards", "Bonus credit"]);
    const rewards = pointRewardsAnswer.parse((await relay("MCSFE_getPointReward", { page: 1, size: 1000, type: "VOUCHER" })).value);
    expect(rewards.list).toHaveLength(12);
    const phone = pointRewardsAnswer.parse((await relay("MCSFE_getPointReward", { page: 1, size: 1, id: 1 })).value).list[0];
    expect(phone).toMatchObject({ price: 68000, mpPointAmount: 34000, mpMoneyAmount: "2999.00", displayPointMoneyAmt: "Y" });
    expect(phone.merchandiseImages).toHaveLength(16);
    const now = Date.now();
    const list = (await relay("MCSFE_getRedeemPointList", { startDate: now - 120 * 86_400_000, endDate: now, page: 1, size: 13 })).value;
    const parsed = redeemRecordsAnswer.parse(list);
    expect(parsed.list.length).toBeGreaterThan(0);
    expect(new Set(parsed.list.map((r) => r.status)).size).toBeGreaterThan(1);
    expect((await relay("MCSFE_getPointReward", { size: 5000 })).success).toBe(false);
  });

  it("serves a reward's pictures to browsers, and nothing for a picture it does not have", async () => {
    const picture = await fetch(`${op.url}/res/points/1-8-S.svg`);
    expect(picture.headers.get("content-type")).toContain("image/svg+xml");
    // A picture carries no words: a caption in one language would be wrong in the other five.
    const svg = await picture.text();
    expect(svg).toContain("<svg");
    expect(svg).not.toMatch(/<text|aria-label/);
    expect(await (await fetch(`${op.url}/res/points/1-7-S.svg`)).text()).not.toBe(svg);
    expect((await fetch(`${op.url}/res/points/1-9-S.svg`)).status).toBe(404);
    expect((await fetch(`${op.url}/res/points/..%2F1-1-S.svg`)).status).toBe(404);
  });

  it("leaves out the internal type 9203 when asked, and holds it otherwise", async () => {
    const now = Date.now();
    const body = { startTime: now - 90 * 86_400_000, endTime: now, accountTypeId: 9, size: 100, page: 1 };
    const all = (await relay("ODSFE2_MemTransDet", body)).value as { list: { txTypeId: number }[]; total: number };
    const shown = (await relay("ODSFE2_MemTransDet", { ...body, excludeTxTypeIds: 9203 })).value as typeof all;
    expect(all.list.some((t) => t.txTypeId === 9203)).toBe(true);
    expect(shown.list.some((t) => t.txTypeId === 9203)).toBe(false);
    expect(shown.total).toBeLessThan(all.total);
  });
});

describe("the password-checked calls", () => {
  it("checks the payment password under PAYMENTPASS3, the login password without it", async () => {
    const redeem = { rewardId: 14, quantity: 1, redeemType: "P", province: "", remarks: "Name: A; Phone: 1; Address: B" };
    let json = await checked("redeemPointReward", { ...redeem, password: "Player123" });
    expect(json).toMatchObject({ success: false, errorCode: "payment.password.incorrect" });
    json = await checked("redeemPointReward", { ...redeem, password: "Pay12345" });
    expect(json.success).toBe(true);
    await post(op, "/__reference/features", { features: { PAYMENTPASS3: false } });
    try {
      json = await checked("redeemPointReward", { ...redeem, password: "Pay12345" });
      expect(json).toMatchObject({ success: false, errorCode: "password.incorrect" });
      expect((await checked("redeemPointReward", { ...redeem, password: "Player123" })).success).toBe(true);
    } finally {
      await post(op, "/__reference/features", { features: { PAYMENTPASS3: true } });
    }
    // Not under the plain relay, and not without encryption.
    expect((await relay("MCSFE_redeemPointReward", { ...redeem, password: "Pay12345" })).success).toBe(false);
  });

  it("refuses more than the stock, a way the reward does not offer, and points it does not have", async () => {
    const token = await tokenFor(op, "agent001", "Agent1234");
    const base = { province: "", remarks: "Name: A; Phone: 1; Address: B", password: "Agent1234" };
    const tablet = await state("agent001", 4);
    let json = await checked("redeemPointReward", { ...base, rewardId: 4, quantity: tablet.inventory + 1, redeemType: "PM" }, token);
    expect(json.errorCode).toBe("reward.quantity.invalid");
    json = await checked("redeemPointReward", { ...base, rewardId: 4, quantity: 1, redeemType: "P" }, token);
    expect(json.errorCode).toBe("redeem.type.invalid");
    json = await checked("redeemPointReward", { ...base, rewardId: 8, quantity: 1, redeemType: "P" }, token);
    expect(json.errorCode).toBe("reward.sold.out");
    await post(op, "/__reference/points", { username: "agent001", balance: "100" });
    json = await checked("redeemPointReward", { ...base, rewardId: 14, quantity: 1, redeemType: "P" }, token);
    expect(json.errorCode).toBe("point.insufficient");
    expect((await state("agent001", 4)).inventory).toBe(tablet.inventory);
  });

  it("takes points plus money from both balances, and converts money at the exchange rate", async () => {
    const token = await tokenFor(op, "agent001", "Agent1234");
    await post(op, "/__reference/points", { username: "agent001", balance: "20000" });
    const before = await state("agent001");
    const json = await checked(
      "redeemPointReward",
      { rewardId: 11, quantity: 2, redeemType: "PM", province: "", remarks: "r", password: "Agent1234" },
      token,
    );
    expect(json.value).toMatchObject({ pointBalance: "7200.00", inventory: 18 });
    const after = await state("agent001");
    expect(Number(before.wallet) - Number(after.wallet)).toBeCloseTo(1398, 2);
    const converted = await checked("convertPoint", { amount: "12.34", password: "Agent1234" }, token);
    expect(converted.value).toMatchObject({ points: "123.40", pointBalance: "7323.40" });
    expect((await checked("convertPoint", { amount: "0.99", password: "Agent1234" }, token)).errorCode).toBe("amount.invalid");
  });

  it("answers the same operations under the MCS2 prefix", async () => {
    expect((await relay("MCS2_getPointBalance")).success).toBe(true);
  });
});
