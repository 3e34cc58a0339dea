/**
 * The reference operator's contracts area (decision 031): the consolidated answer in the shape
 * the portal parses, every transition (P/E → V on accept, → R on reject, V → T on terminate,
 * A on an active dividend keeps it), a second action refused, another member's contract not
 * found, and the older MCS2 relay names answering too.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { consolidatedAnswer } from "~/operator/answers";
import { startReferenceOperator, type ReferenceOperator } from "../../server/operator/index";
import { call, post, tokenFor } from "../support/operator-calls";

let op: ReferenceOperator;
let token: string;
beforeAll(async () => {
  op = await startReferenceOperator({ loginAttemptLimit: 1_000 });
  token = await tokenFor(op, "agent001", "Agent1234");
});
afterAll(() => op.close());
beforeEach(async () => {
  await post(op, "/__reference/contracts/reset", { username: "agent001" });
});

const relay = (operation: string, body: unknown, as = token) => post(op, `/wps/relay/${operation}`, body, { token: as, language: "EN" });
const consolidated = async (as = token) => {
  const json = await call(op, "/wps/member/info/funds/consolidated", { token: as });
  expect(json.success).toBe(true);
  return json.value;
};
const idOf = async (kind: string, productType: string) =>
  ((await call(op, "/__reference/contracts?username=agent001")).value as { id: number; kind: string; productType: string }[]).find(
    (c) => c.kind === kind && c.productType === productType,
  )!.id;

describe("the consolidated funds answer", () => {
  it("maps each kind's requests by product type, with the info groups of the active ones", async () => {
    const v = await consolidated();
    expect(consolidatedAnswer.safeParse(v).success).toBe(true);
    expect(Object.keys(v.divtypereq)).toEqual(["LIVE", "LOTT", "SPORTS"]);
    expect(v.divtypereq.LIVE[0]).toMatchObject({ status: "P", computationPeriod: "MONTHLY", contractRate: 25, downlineHigherRate: "N" });
    expect(v.dailysalreqtype.FISH[0]).toMatchObject({ status: "P", downlineHigherRate: "Y", details: [{ rateType: "P", rate: "0.012" }] });
    expect(v.contracthoursalreq.CONS[0].hourSalaryRates).toHaveLength(2);
    expect(v.realtimesalreqtype.DEPOSIT[0]).toMatchObject({ status: "V", realTimeSalaryRates: [{ lossRate: "0.005" }] });
    expect(v.divtypeinfo).toEqual([expect.objectContaining({ productType: "SPORTS", status: "V" })]);
    expect(v.contractmrdailysalinfotype).toEqual([expect.objectContaining({ productType: "PVP" })]);
    expect(v.dailysalinfotype).toEqual([expect.objectContaining({ productType: "LIVE" })]);
  });

  it("holds nothing for a player without contracts", async () => {
    const player = await tokenFor(op, "player01", "Player123");
    const v = await consolidated(player);
    expect(v.divtypereq).toEqual({});
    expect(v.divtypeinfo).toEqual([]);
  });
});

describe("contract actions", () => {
  it("accepts a waiting dividend by product type and period, and refuses a second accept of a daily salary", async () => {
    let json = await relay("MCSFE_processContractDividend", { productType: "LIVE", computationPeriod: "MONTHLY", status: "A" });
    expect(json).toMatchObject({ success: true, value: { status: "V" } });
    // A on an active dividend keeps it; on an active daily salary it is a second decision.
    json = await relay("MCSFE_processContractDividend", { productType: "LIVE", computationPeriod: "MONTHLY", status: "A" });
    expect(json).toMatchObject({ success: true, value: { status: "V" } });
    const daily = await idOf("daily", "RNG");
    expect(await relay("MCSFE_processDailySalaryContract", { id: daily, status: "A" })).toMatchObject({ success: true });
    expect(await relay("MCSFE_processDailySalaryContract", { id: daily, status: "A" })).toMatchObject({
      success: false,
      errorCode: "contract.decided",
    });
  });

  it("rejects, then refuses anything more; terminates only what is active", async () => {
    const hourly = await idOf("hourly", "CONS");
    expect(await relay("MCSFE_processContractHourSalary", { contractId: hourly, status: "C", productType: "CONS" })).toMatchObject({
      success: false,
      errorCode: "contract.not.active",
    });
    expect(await relay("MCSFE_processContractHourSalary", { contractId: hourly, status: "R", productType: "CONS" })).toMatchObject({
      success: true,
      value: { status: "R" },
    });
    expect(await relay("MCSFE_processContractHourSalary", { contractId: hourly, status: "A", productType: "CONS" })).toMatchObject({
      errorCode: "contract.decided",
    });
    const realtime = await idOf("realtime", "DEPOSIT");
    expect(await relay("MCSFE_processRealTimeSalaryContract", { contractId: realtime, status: "C" })).toMatchObject({
      value: { status: "T" },
    });
    const v = await consolidated();
    expect(v.realtimesalreqtype.DEPOSIT).toBeUndefined();
    expect(v.realtimesalinfotype).toEqual([]);
  });

  it("answers not found for another member's contract, a wrong product type or a bad status", async () => {
    const daily = await idOf("daily", "RNG");
    const player = await tokenFor(op, "player01", "Player123");
    expect(await relay("MCSFE_processDailySalaryContract", { id: daily, status: "A" }, player)).toMatchObject({
      errorCode: "contract.not.found",
    });
    const hourly = await idOf("hourly", "CONS");
    expect(await relay("MCSFE_processContractHourSalary", { contractId: hourly, status: "A", productType: "LIVE" })).toMatchObject({
      errorCode: "contract.not.found",
    });
    expect(await relay("MCSFE_processDailySalaryContract", { id: daily, status: "X" })).toMatchObject({
      errorCode: "contract.status.invalid",
    });
    expect(await relay("MCSFE_processDailySalaryContract", { id: "1; drop", status: "A" })).toMatchObject({
      errorCode: "contract.not.found",
    });
  });

  it("answers the older names: MCS2_processDividendReq with type, MCS2_processDailySalContract", async () => {
    expect(await relay("MCS2_processDividendReq", { type: "LOTT", status: "R" })).toMatchObject({ success: true, value: { status: "R" } });
    const daily = await idOf("daily", "FISH");
    expect(await relay("MCS2_processDailySalContract", { id: daily, status: "R" })).toMatchObject({
      success: true,
      value: { status: "R" },
    });
    // The renamed prefix reaches the new operation names too.
    const hourly = await idOf("hourly", "ELOTT");
    expect(await relay("MCS2_processContractHourSalary", { contractId: hourly, status: "A" })).toMatchObject({ success: true });
  });
});
