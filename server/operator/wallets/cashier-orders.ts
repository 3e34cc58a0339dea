/**
 * The back office's decisions on deposits and withdrawals, as test and demo helpers: the
 * reference operator's cashier is a hand-off page, so the outcome of an order comes from here.
 * `POST /__reference/deposits` and `/__reference/withdrawals` take `{ account, amount, status:
 * "SUCCESS" | "REJECTED", remarks?, merchant? }`; the outcome is published to the member's user
 * topic as DEPOSIT or WITHDRAW (decision 051) once it is committed.
 */
import { isRecord, ok, type RouteContext, type RouteDef } from "../http";
import { memberByUsername } from "../member/store";
import { decideCashierOrder, parseAmount, type CashierKind } from "./store";
import { refuse } from "./routes";

const MAX_REMARKS = 200;

function decide(ctx: RouteContext, kind: CashierKind) {
  const b = isRecord(ctx.body) ? ctx.body : {};
  const merchant = typeof b.merchant === "string" && b.merchant.trim() ? b.merchant.trim() : ctx.runtime.settings.merchantCode;
  const member = typeof b.account === "string" ? memberByUsername(ctx.runtime.db, merchant, b.account.trim()) : undefined;
  const amount = parseAmount(b.amount);
  const { status } = b;
  const remarks = b.remarks ?? "";
  if (!member || !amount || (status !== "SUCCESS" && status !== "REJECTED") || typeof remarks !== "string" || remarks.length > MAX_REMARKS)
    return refuse(ctx.lang, "request.invalid", 400);
  const result = decideCashierOrder(ctx.runtime.db, member.id, { kind, amount, status, remarks: remarks.trim() }, ctx.runtime.now());
  if (typeof result === "string") return refuse(ctx.lang, result, 409);
  ctx.runtime.notifications.toMember(member.id, kind === "deposit" ? "DEPOSIT" : "WITHDRAW", {
    status,
    amount: amount.toFixed(2),
    remarks: remarks.trim() || undefined,
    orderNo: result.orderNo,
  });
  return ok({ orderNo: result.orderNo, status, amount: amount.toFixed(2), balance: result.balance });
}

export const cashierOrderRoutes: RouteDef[] = [
  { method: "POST", path: "/__reference/deposits", access: "reference", body: "json", handler: (ctx) => decide(ctx, "deposit") },
  { method: "POST", path: "/__reference/withdrawals", access: "reference", body: "json", handler: (ctx) => decide(ctx, "withdraw") },
];
