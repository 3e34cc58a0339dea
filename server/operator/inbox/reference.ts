/**
 * The inbox area's test and demo helpers: what feedback and receipts were stored, and the back
 * office's side — a message to a member's inbox (INBOX), a new receipt to confirm
 * (PAYMENT_CONFIRMATION), the seeded receipts back. Each new thing is published to the member's
 * user topic (decision 051) once it is stored.
 */
import { fail, isRecord, ok, type RouteContext, type RouteDef } from "../http";
import { memberByUsername } from "../member/store";
import { parseAmount } from "../wallets/store";
import { PAYEE_ACCOUNT, seedConfirmations } from "./seed";
import { addConfirmation, addMessage, unreadCount, waitingConfirmations } from "./store";

const bodyOf = (ctx: RouteContext): Record<string, unknown> => (isRecord(ctx.body) ? ctx.body : {});
const text = (value: unknown, max: number) => (typeof value === "string" && value.trim().length <= max ? value.trim() : "");
const invalid = (ctx: RouteContext, status = 400) => fail(ctx.lang, "request.invalid", { status });

/** The member a helper names (`account`, or `username` as the older helpers say) on the operator's own merchant. */
function namedMember(ctx: RouteContext, name: unknown) {
  return typeof name === "string" && name.trim() !== ""
    ? memberByUsername(ctx.runtime.db, ctx.runtime.settings.merchantCode, name.trim())
    : undefined;
}

function publishWaiting(ctx: RouteContext, memberId: number): number {
  const count = waitingConfirmations(ctx.runtime.db, memberId);
  ctx.runtime.notifications.toMember(memberId, "PAYMENT_CONFIRMATION", { count });
  return count;
}

export const inboxReferenceRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/__reference/feedback",
    access: "reference",
    body: "none",
    handler(ctx) {
      const rows = ctx.runtime.db
        .prepare(
          "SELECT id, member_id AS memberId, sender, content, type, image_type AS imageType, length(image) AS imageBytes FROM feedback ORDER BY id DESC LIMIT 20",
        )
        .all();
      return ok(rows);
    },
  },
  {
    // A message from the back office: { account, subject, content?, subjectEn?, contentEn? }
    // (one text serves both languages unless the English one is given).
    method: "POST",
    path: "/__reference/inbox",
    access: "reference",
    body: "json",
    handler(ctx) {
      const b = bodyOf(ctx);
      const member = namedMember(ctx, b.account);
      const subject = text(b.subject, 200);
      if (!member || subject === "") return invalid(ctx);
      const content = text(b.content, 5000);
      const id = addMessage(
        ctx.runtime.db,
        member.id,
        {
          subjectZh: subject,
          subjectEn: text(b.subjectEn, 200) || subject,
          contentZh: content,
          contentEn: text(b.contentEn, 5000) || content,
        },
        ctx.runtime.now(),
      );
      const unread = unreadCount(ctx.runtime.db, member.id, ctx.runtime.now());
      ctx.runtime.notifications.toMember(member.id, "INBOX", { unread, title: subject });
      return ok({ id, unread });
    },
  },
  {
    method: "GET",
    path: "/__reference/payment-confirmations",
    access: "reference",
    body: "none",
    handler(ctx) {
      const member = namedMember(ctx, ctx.url.searchParams.get("username") ?? PAYEE_ACCOUNT.username);
      const rows = member
        ? ctx.runtime.db
            .prepare(
              "SELECT pay_detail_id AS payDetailId, answer, length(proof) AS proofBytes FROM payment_confirmations WHERE member_id = ? ORDER BY pay_detail_id",
            )
            .all(member.id)
        : [];
      return ok(rows);
    },
  },
  {
    // A new receipt for the member to confirm: { account, amount, payer?, isAutoConfirmed?: "Y" | "N" }.
    method: "POST",
    path: "/__reference/payment-confirmations",
    access: "reference",
    body: "json",
    handler(ctx) {
      const b = bodyOf(ctx);
      const member = namedMember(ctx, b.account);
      const amount = parseAmount(b.amount);
      const auto = b.isAutoConfirmed ?? "N";
      if (!member || !amount || (auto !== "Y" && auto !== "N")) return invalid(ctx);
      const payDetailId = addConfirmation(
        ctx.runtime.db,
        member.id,
        { amount: amount.toFixed(2), payer: text(b.payer, 64) || "Chen **", isAutoConfirmed: auto },
        ctx.runtime.now(),
      );
      return ok({ payDetailId, count: publishWaiting(ctx, member.id) });
    },
  },
  {
    // Back to the three waiting receipts: { username? } (payee01 unless named).
    method: "POST",
    path: "/__reference/payment-confirmations/reset",
    access: "reference",
    body: "json",
    handler(ctx) {
      const b = bodyOf(ctx);
      const member = namedMember(ctx, b.username ?? b.account ?? PAYEE_ACCOUNT.username);
      if (!member) return invalid(ctx, 404);
      seedConfirmations(ctx.runtime.db, member.id, ctx.runtime.now());
      publishWaiting(ctx, member.id);
      return ok(true);
    },
  },
];
