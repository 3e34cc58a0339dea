/**
 * The promotions area's test and demo helpers, the back office's side: a member's claims, the
 * demo state back, a claim's decision (published as PROMOTION_CLAIM), a manual promotion's bonus
 * (MANUAL_PROMO) and moving a raffle. Messages go to the member's user topic (decision 051) once
 * the change is committed.
 */
import { MERCHANT_CODE } from "../db";
import { ok, type RouteContext, type RouteDef } from "../http";
import { memberByUsername } from "../member/store";
import { textLanguageOf } from "../notify/notifier";
import { parseAmount } from "../wallets/store";
import { bodyOf, positiveInt, refuse } from "./routes";
import { seedClaimHistory } from "./seed";
import { claimOwnerOf, claimsWithImages, grantManualBonus, moveRaffle, resetClaims, setClaimStatus } from "./store";

const MAX_REMARKS = 140;

/** The member a test helper names (?username= or {username}) on the operator's own merchant. */
function namedMember(ctx: RouteContext, username: unknown) {
  return typeof username === "string" && username.trim() !== ""
    ? memberByUsername(ctx.runtime.db, MERCHANT_CODE, username.trim())
    : undefined;
}

export const promotionReferenceRoutes: RouteDef[] = [
  {
    // A member's claims with their images' kinds and sizes (?username=…).
    method: "GET",
    path: "/__reference/promotion-claims",
    access: "reference",
    handler(ctx) {
      const member = namedMember(ctx, ctx.url.searchParams.get("username"));
      if (!member) return refuse(ctx.lang, "request.invalid", 400);
      return ok(claimsWithImages(ctx.runtime.db, member.id));
    },
  },
  {
    // Back to the demo state: claims, task requests and raffle tickets forgotten ({username} for
    // one member, {} for everyone), player01's seeded history written again.
    method: "POST",
    path: "/__reference/promotion-claims/reset",
    access: "reference",
    body: "json",
    handler(ctx) {
      const body = bodyOf(ctx);
      const member = body.username === undefined ? null : namedMember(ctx, body.username);
      if (member === undefined) return refuse(ctx.lang, "request.invalid", 400);
      resetClaims(ctx.runtime.db, member?.id ?? null);
      seedClaimHistory(ctx.runtime.db, ctx.runtime.now(), member?.id ?? null);
      return ok(null);
    },
  },
  {
    // The back office's decision on a claim: {claimId, status: APPROVED | REJECTED | PENDING, remarks?}.
    method: "POST",
    path: "/__reference/promotion-claims/decide",
    access: "reference",
    body: "json",
    handler(ctx) {
      const body = bodyOf(ctx);
      const id = positiveInt(body.claimId);
      const { status } = body;
      const remarks = body.remarks ?? "";
      if (id === null || (status !== "APPROVED" && status !== "REJECTED" && status !== "PENDING"))
        return refuse(ctx.lang, "request.invalid", 400);
      if (typeof remarks !== "string" || [...remarks].length > MAX_REMARKS) return refuse(ctx.lang, "request.invalid", 400);
      const { db } = ctx.runtime;
      if (!setClaimStatus(db, id, status, ctx.runtime.now())) return refuse(ctx.lang, "request.invalid", 404);
      // A claim put back to pending is the back office undoing itself: nothing for the member to hear.
      const owner = claimOwnerOf(db, id);
      if (owner && status !== "PENDING") {
        const language = db.prepare("SELECT language FROM members WHERE id = ?").get(owner.memberId) as { language: string | null };
        const title = textLanguageOf(language.language, ctx.runtime.settings.defaultLanguage) === "zh" ? owner.title_zh : owner.title_en;
        ctx.runtime.notifications.toMember(owner.memberId, "PROMOTION_CLAIM", { title, status, remarks: remarks.trim() || undefined });
      }
      return ok(null);
    },
  },
  {
    // Move a raffle: {raffleScheduleId, startsInMs, lastsMs, dueAfterEndMs} relative to now.
    method: "POST",
    path: "/__reference/raffles/move",
    access: "reference",
    body: "json",
    handler(ctx) {
      const body = bodyOf(ctx);
      const id = positiveInt(body.raffleScheduleId);
      const num = (v: unknown, d: number) => (typeof v === "number" && Number.isFinite(v) ? v : d);
      if (id === null) return refuse(ctx.lang, "request.invalid", 400);
      const startsAt = ctx.runtime.now() + num(body.startsInMs, 0);
      const endsAt = startsAt + num(body.lastsMs, 3600_000);
      const moved = moveRaffle(ctx.runtime.db, id, { startsAt, endsAt, dueAt: endsAt + num(body.dueAfterEndMs, 0) });
      return moved ? ok(null) : refuse(ctx.lang, "request.invalid", 404);
    },
  },
  {
    // A manual promotion granted by the back office: { account, title, amount, merchant? } credits
    // the bonus to the main wallet (a ledger row of type 1401) and tells the member.
    method: "POST",
    path: "/__reference/manual-promotions",
    access: "reference",
    body: "json",
    handler(ctx) {
      const body = bodyOf(ctx);
      const merchant = typeof body.merchant === "string" && body.merchant.trim() ? body.merchant.trim() : MERCHANT_CODE;
      const member = typeof body.account === "string" ? memberByUsername(ctx.runtime.db, merchant, body.account.trim()) : undefined;
      const title = typeof body.title === "string" ? body.title.trim() : "";
      const amount = parseAmount(body.amount);
      if (!member || !amount || title === "" || title.length > 200) return refuse(ctx.lang, "request.invalid", 400);
      const balance = grantManualBonus(ctx.runtime.db, member.id, amount, title, ctx.runtime.now());
      if (balance === null) return refuse(ctx.lang, "request.invalid", 404);
      ctx.runtime.notifications.toMember(member.id, "MANUAL_PROMO", { title, amount: amount.toFixed(2) });
      return ok({ balance });
    },
  },
];
