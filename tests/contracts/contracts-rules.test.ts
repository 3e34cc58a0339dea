/**
 * The contract rules the dialog, its actions and the operator client share: sections by
 * status, the buttons of each, the payload per kind, rates and money, the consolidated answer
 * read leniently, and the relay renames of older operators.
 */
import { describe, expect, it } from "vitest";
import { actionPayload, intentsFor, sectionOf, type ContractIdentity } from "~/features/contracts/contracts";
import { contractPostSchema } from "~/features/contracts/contract-post.server";
import { contractCard, contractList, contractPresence, contractRatePercent } from "~/features/contracts/contracts.server";
import { consolidatedAnswer } from "~/operator/answers";
import { endpoints, resolvePath } from "~/operator/endpoints";
import { parseRelayPrefixes } from "~/server/config.server";

const money = { currencySymbol: "¥", currencyPosition: "F", currency: "CNY" };

describe("sections and buttons", () => {
  it("puts P and E in the requests, V in the terminations, and drops the decided", () => {
    expect(["P", "E", "V", "R", "T", "A", ""].map(sectionOf)).toEqual(["request", "request", "termination", null, null, null, null]);
  });

  it("offers accept and reject when waiting, terminate when active, and keep (A) on an active dividend", () => {
    expect(intentsFor("daily", "P")).toEqual(["accept", "reject"]);
    expect(intentsFor("hourly", "E")).toEqual(["accept", "reject"]);
    expect(intentsFor("realtime", "V")).toEqual(["terminate"]);
    expect(intentsFor("dividend", "V")).toEqual(["keep", "terminate"]);
    expect(intentsFor("dividend", "R")).toEqual([]);
  });
});

describe("the payload of each kind", () => {
  const of = (kind: ContractIdentity["kind"]): ContractIdentity => ({ kind, id: "42", productType: "RNG", computationPeriod: "MONTHLY" });
  it("sends the spec's fields and status codes", () => {
    expect(actionPayload(of("dividend"), "accept")).toEqual({ productType: "RNG", computationPeriod: "MONTHLY", status: "A" });
    expect(actionPayload(of("dividend"), "keep")).toEqual({ productType: "RNG", computationPeriod: "MONTHLY", status: "A" });
    expect(actionPayload(of("daily"), "reject")).toEqual({ id: "42", status: "R" });
    expect(actionPayload(of("hourly"), "terminate")).toEqual({ contractId: "42", status: "C", productType: "RNG" });
    expect(actionPayload(of("realtime"), "accept")).toEqual({ contractId: "42", status: "A" });
  });

  it("reads a post only with a known intent, kind and shown status, and an id for the salary kinds", () => {
    const base = { intent: "accept", kind: "daily", id: "7", productType: "LIVE", shown: "P" };
    expect(contractPostSchema.safeParse(base).success).toBe(true);
    expect(contractPostSchema.safeParse({ ...base, id: undefined }).success).toBe(false);
    expect(contractPostSchema.safeParse({ ...base, kind: "dividend", id: undefined }).success).toBe(true);
    expect(contractPostSchema.safeParse({ ...base, intent: "C" }).success).toBe(false);
    expect(contractPostSchema.safeParse({ ...base, shown: "R" }).success).toBe(false);
    expect(contractPostSchema.safeParse({ ...base, productType: "<b>" }).success).toBe(false);
  });
});

describe("rates and money", () => {
  it("shows rates as percent with two decimals and the contract rate as a whole percent", () => {
    expect(contractRatePercent(25)).toBe("25%");
    expect(contractRatePercent(12.5)).toBe("13%");
    expect(contractRatePercent(null)).toBe("—");
    const list = contractList(
      consolidatedAnswer.parse({
        realtimesalreqtype: {
          SPORTS: [{ contractId: 3, status: "P", realTimeSalaryRates: [{ betAmount: 1000.5, lossRate: "0.0125", winRate: 0.003 }] }],
        },
        dailysalreqtype: {
          LIVE: [{ id: "9", status: "V", details: [{ betVolume: "5000", activeMember: "2", rateType: "F", rate: "18.8" }] }],
        },
      }),
    );
    expect(contractCard(list.contracts[0], money).tiers?.rows).toEqual([["¥5,000.00", "2", "¥18.80"]]);
    expect(contractCard(list.contracts[1], money).tiers?.rows).toEqual([["¥1,000.50", "1.25%", "0.30%"]]);
    expect(
      contractCard(list.contracts[1], { ...money, currencyPosition: "B", currency: "BRL", currencySymbol: "R$" }).tiers?.rows[0][0],
    ).toBe("1.000,50 R$");
  });
});

describe("the consolidated answer", () => {
  it("keeps the well-formed contracts of a product, drops a malformed product list, and reads the info groups", () => {
    const value = consolidatedAnswer.parse({
      divtypereq: { LIVE: [{ id: 1, status: "P", contractRate: "30" }], RNG: "nonsense", LOTT: [{ status: 5 }] },
      contracthoursalreq: null,
      divtypeinfo: [{ productType: "LIVE", status: "V" }],
      dailysalinfotype: [],
      contractmrdailysalinfotype: "Y",
      contracthoursalinfo: [{ status: "R" }],
    });
    const list = contractList(value);
    expect(list.contracts.map((c) => `${c.kind}:${c.productType}:${c.status}`)).toEqual(["dividend:LIVE:P"]);
    expect(contractPresence(list)).toEqual({ dividend: true, daily: false, dailyMR: true, hourly: false, realtime: false });
    expect(contractPresence(null)).toEqual({ dividend: false, daily: false, dailyMR: false, hourly: false, realtime: false });
  });

  it("orders product types as the spec lists them", () => {
    const list = contractList(
      consolidatedAnswer.parse({
        dailysalreqtype: { PVP: [{ id: 1, status: "P" }], LIVE: [{ id: 2, status: "P" }], ZZZ: [{ id: 3, status: "E" }] },
      }),
    );
    expect(list.contracts.map((c) => c.productType)).toEqual(["LIVE", "PVP", "ZZZ"]);
  });
});

describe("relay renames", () => {
  it("names the older operations under the MCS2 prefix", () => {
    const mcs2 = parseRelayPrefixes("MCSFE=MCS2");
    expect(resolvePath(endpoints.contractDividend)).toBe("/wps/relay/MCSFE_processContractDividend");
    expect(resolvePath(endpoints.contractDividend, {}, mcs2)).toBe("/wps/relay/MCS2_processDividendReq");
    expect(resolvePath(endpoints.contractDailySalary, {}, mcs2)).toBe("/wps/relay/MCS2_processDailySalContract");
    expect(resolvePath(endpoints.contractHourlySalary, {}, mcs2)).toBe("/wps/relay/MCS2_processContractHourSalary");
    expect(resolvePath(endpoints.contractRealTimeSalary, {}, mcs2)).toBe("/wps/relay/MCS2_processRealTimeSalaryContract");
  });
});
