/**
 * The one ledger (decision 037) over HTTP, as the portal calls the reference operator: every money
 * move of a main account (a wallet transfer, the transfer to the upline, a manual rebate claim, an
 * agent's transfer to downlines, a points purchase) writes an account-record row in the same
 * transaction, and each row's balance after is the wallet's real balance, so the rows add up.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptPayload } from "~/operator/encryption.server";
import { startReferenceOperator, type ReferenceOperator } from "../../server/operator/index";

let op: ReferenceOperator;
const tokens = new Map<string, string>();

beforeAll(async () => {
  op = await startReferenceOperator({ port: 0, dbPath: ":memory:", mode: "test" });
});
afterAll(async () => {
  await op.close();
});

const PASSWORDS: Record<string, string> = {
  player01: "Player123",
  agent001: "Agent1234",
  down01: "Down1234",
  rebate01: "Rebate123",
  team01: "Team1234",
  team02: "Team1234",
};

async function tokenOf(username: string): Promise<string> {
  const known = tokens.get(username);
  if (known) return known;
  const { body, encryption } = encryptPayload(
    { username, password: PASSWORDS[username], type: "username", deviceId: `ledger-${username}` },
    op.publicKeyHex,
  );
  const response = await fetch(`${op.url}/wps/session/login`, {
    method: "POST",
    headers: { Merchant: op.merchantCode, Device: "web", Language: "zh_CN", "Content-Type": "application/json", Encryption: encryption },
    body,
  });
  const token = ((await response.json()) as { value: { token: string } }).value.token;
  tokens.set(username, token);
  return token;
}

async function relay(username: string, name: string, payload: unknown = {}) {
  const response = await fetch(`${op.url}/wps/relay/${name}`, {
    method: "POST",
    headers: {
      Merchant: op.merchantCode,
      Device: "web",
      Language: "EN",
      "Content-Type": "application/json",
      Authorization: await tokenOf(username),
    },
    body: JSON.stringify(payload),
  });
  return (await response.json()) as { success: boolean; value: any; errorCode: string };
}

type Tx = { txId: string; txTypeId: number; txTimeInTimestamp: number; amount: string; currentAvailBalance: string; nameEn: string };

/** The newest rows of a member's main account (today's). */
async function latest(username: string, size = 20): Promise<Tx[]> {
  const now = Date.now();
  const answer = await relay(username, "ODSFE2_MemTransDet", { startTime: now - 86_400_000, endTime: now + 60_000, page: 1, size });
  expect(answer.success).toBe(true);
  return answer.value.list as Tx[];
}

async function mainBalance(username: string): Promise<string> {
  const answer = (await (await fetch(`${op.url}/__reference/wallets?username=${username}`)).json()) as { value: { main: string } };
  return new Decimal(answer.value.main).toFixed(2);
}

/** Newest first: each row's balance after is the one before it plus its amount. */
function expectAddsUp(rows: Tx[]) {
  for (let i = 0; i + 1 < rows.length; i++) {
    expect(new Decimal(rows[i + 1].currentAvailBalance).plus(rows[i].amount).toFixed(2), rows[i].txId).toBe(rows[i].currentAvailBalance);
  }
}

describe("one ledger for every money move", () => {
  it("a transfer to a game wallet and back writes a row each, with the real balance after", async () => {
    const before = (await latest("player01")).length;
    expect((await relay("player01", "GCS_walletTransfer", { from: "MAIN", to: "AGL", amount: "100.50" })).success).toBe(true);
    expect((await relay("player01", "GCS_walletTransfer", { from: "AGL", to: "MAIN", amount: "0.50" })).success).toBe(true);
    // Between two game wallets the main account does not move, and writes no row.
    expect((await relay("player01", "GCS_walletTransfer", { from: "AGL", to: "PTX", amount: "1.00" })).success).toBe(true);
    const rows = await latest("player01");
    expect(rows.length).toBe(before + 2);
    expect(rows[0]).toMatchObject({ txTypeId: 1301, amount: "0.50", nameEn: "From AG Live" });
    expect(rows[1]).toMatchObject({ txTypeId: 1301, amount: "-100.50", nameEn: "To AG Live" });
    expect(rows[0].currentAvailBalance).toBe(await mainBalance("player01"));
    expectAddsUp(rows);
  });

  it("a refused transfer writes nothing", async () => {
    const before = await latest("player01");
    expect((await relay("player01", "GCS_walletTransfer", { from: "PTX", to: "MAIN", amount: "99999.00" })).errorCode).toBe(
      "balance.insufficient",
    );
    expect(await latest("player01")).toEqual(before);
  });

  it("the transfer to the upline writes the member's row and the upline's", async () => {
    expect((await relay("down01", "MCSFE_transferToUpline", { amount: "12.34" })).success).toBe(true);
    const [mine] = await latest("down01");
    expect(mine).toMatchObject({ txTypeId: 1301, amount: "-12.34", nameEn: "To upline agent001" });
    expect(mine.currentAvailBalance).toBe(await mainBalance("down01"));
    const [upline] = await latest("agent001");
    expect(upline).toMatchObject({ txTypeId: 1301, amount: "12.34", nameEn: "From downline down01" });
    expect(upline.currentAvailBalance).toBe(await mainBalance("agent001"));
    expectAddsUp(await latest("agent001"));
  });

  it("a manual rebate claim writes a rebate row", async () => {
    const answer = await relay("rebate01", "MCSFE_claimManualRebate", { productType: "LIVE" });
    expect(answer.success).toBe(true);
    const [row] = await latest("rebate01");
    expect(row).toMatchObject({ txTypeId: 1501, amount: answer.value.amount, nameEn: "Manual rebate claim LIVE" });
    expect(row.currentAvailBalance).toBe(await mainBalance("rebate01"));
  });

  it("an agent's transfer to downlines writes a row on both sides of each", async () => {
    const answer = await relay("agent001", "MCSFE_transferToDownline", {
      transfers: [
        { username: "team01", amount: "10.00" },
        { username: "team02", amount: "5.25" },
      ],
    });
    expect(answer.success).toBe(true);
    const agentRows = await latest("agent001");
    expect(agentRows.slice(0, 2)).toMatchObject([
      { txTypeId: 1301, amount: "-5.25", nameEn: "To downline team02" },
      { txTypeId: 1301, amount: "-10.00", nameEn: "To downline team01" },
    ]);
    expect(agentRows[0].currentAvailBalance).toBe(await mainBalance("agent001"));
    expectAddsUp(agentRows);
    for (const [username, amount] of [
      ["team01", "10.00"],
      ["team02", "5.25"],
    ]) {
      const [row] = await latest(username);
      expect(row).toMatchObject({ txTypeId: 1301, amount, nameEn: "From upline agent001" });
      expect(row.currentAvailBalance).toBe(await mainBalance(username));
    }
  });
});

describe("the main wallet's name", () => {
  it("is named in CN, TW and EN; a language the operator does not name falls back to EN", async () => {
    const names: Record<string, string> = {};
    for (const language of ["zh_CN", "TW", "EN", "TH", "VI", "JA"]) {
      const response = await fetch(`${op.url}/wps/relay/MCSFE_getBalanceV2`, {
        method: "POST",
        headers: {
          Merchant: op.merchantCode,
          Device: "web",
          Language: language,
          "Content-Type": "application/json",
          Authorization: await tokenOf("player01"),
        },
        body: "{}",
      });
      const answer = (await response.json()) as { value: { wallets: { main: boolean; displayName: string }[] } };
      names[language] = answer.value.wallets.find((w) => w.main)!.displayName;
    }
    expect(names).toEqual({ zh_CN: "主钱包", TW: "主錢包", EN: "Main wallet", TH: "Main wallet", VI: "Main wallet", JA: "Main wallet" });
  });
});
