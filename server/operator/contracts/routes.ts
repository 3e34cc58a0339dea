/**
 * The contracts area's calls (decision 031): GET /wps/member/info/funds/consolidated (the
 * contract requests by kind and product type, with the info groups), the four actions under
 * their MCSFE names and the two older names (MCS2_processDividendReq,
 * MCS2_processDailySalContract), and the test helpers under /__reference/contracts.
 */
import type { MessageLanguage } from "../catalog";
import { failWith, isRecord, ok, sessionOf, type Reply, type RouteContext, type RouteDef } from "../http";
import { memberByUsername } from "../member/store";
import type { RelayDef } from "../relay";
import { AGENT_CONTRACTS, MEMBER_CONTRACTS, SALARY_ACCOUNT, seedContractsFor } from "./seed";
import { consolidatedContracts, contractsOf, decideContract, type ContractIdentity } from "./store";

const MESSAGES: Record<string, Record<MessageLanguage, string>> = {
  "contract.not.found": { zh: "合约不存在或已撤回", en: "This contract does not exist or was withdrawn" },
  "contract.decided": { zh: "该合约已处理，请勿重复操作", en: "This contract has already been decided" },
  "contract.not.active": { zh: "合约尚未生效，无法解约", en: "This contract is not active, so it cannot be terminated" },
  "contract.status.invalid": { zh: "操作无效", en: "Invalid action" },
  "request.invalid": { zh: "请求无效", en: "Invalid request" },
};

const refuse = (lang: MessageLanguage, errorCode: string, status = 200): Reply => failWith(MESSAGES, lang, errorCode, status);

const bodyOf = (ctx: RouteContext): Record<string, unknown> => (isRecord(ctx.body) ? ctx.body : {});

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

const idOf = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,15}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

function decide(ctx: RouteContext, identity: ContractIdentity | null): Reply {
  if (!identity) return refuse(ctx.lang, "contract.not.found");
  const result = decideContract(ctx.runtime.db, sessionOf(ctx).member.id, identity, bodyOf(ctx).status, ctx.runtime.now());
  return typeof result === "string" ? refuse(ctx.lang, result) : ok(result);
}

/** Dividend: { productType, computationPeriod, status }; older builds name the product `type`. */
function dividend(ctx: RouteContext): Reply {
  const b = bodyOf(ctx);
  const productType = text(b.productType) ?? text(b.type);
  return decide(ctx, productType ? { kind: "dividend", productType, computationPeriod: text(b.computationPeriod) } : null);
}

const byId =
  (kind: "daily" | "hourly" | "realtime", idKey: "id" | "contractId") =>
  (ctx: RouteContext): Reply => {
    const b = bodyOf(ctx);
    const id = idOf(b[idKey]);
    return decide(ctx, id ? { kind, id, productType: text(b.productType) } : null);
  };

const action = (service: string, operation: string, handler: (ctx: RouteContext) => Reply): RelayDef => ({
  service,
  operation,
  access: "session",
  handler,
});

export const contractRelays: RelayDef[] = [
  action("MCSFE", "processContractDividend", dividend),
  action("MCS2", "processDividendReq", dividend),
  action("MCSFE", "processDailySalaryContract", byId("daily", "id")),
  action("MCS2", "processDailySalContract", byId("daily", "id")),
  action("MCSFE", "processContractHourSalary", byId("hourly", "contractId")),
  action("MCSFE", "processRealTimeSalaryContract", byId("realtime", "contractId")),
];

function memberNamed(ctx: RouteContext, name: unknown) {
  return memberByUsername(ctx.runtime.db, ctx.runtime.settings.merchantCode, typeof name === "string" ? name : "");
}

export const contractRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/wps/member/info/funds/consolidated",
    access: "session",
    body: "none",
    handler: (ctx) => ok(consolidatedContracts(ctx.runtime.db, sessionOf(ctx).member.id)),
  },
  {
    method: "GET",
    path: "/__reference/contracts",
    access: "reference",
    body: "none",
    handler(ctx) {
      const member = memberNamed(ctx, ctx.url.searchParams.get("username") ?? "agent001");
      return ok(member ? contractsOf(ctx.runtime.db, member.id) : []);
    },
  },
  {
    // The demo set again for { username } (agent001 unless named; salary01 gets the member's set).
    method: "POST",
    path: "/__reference/contracts/reset",
    access: "reference",
    body: "json",
    handler(ctx) {
      const name = bodyOf(ctx).username ?? "agent001";
      const member = memberNamed(ctx, name);
      if (!member) return refuse(ctx.lang, "request.invalid", 404);
      const set = member.username.toLowerCase() === SALARY_ACCOUNT.username ? MEMBER_CONTRACTS : AGENT_CONTRACTS;
      seedContractsFor(ctx.runtime.db, member.id, ctx.runtime.now(), set);
      return ok(contractsOf(ctx.runtime.db, member.id));
    },
  },
];
