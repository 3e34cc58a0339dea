/**
 * Relay operations of the promotions area (decision 027): available promotions by type, the
 * member's promotions with their claim state, claims with images (the limits enforced here too),
 * the claim list, sign-in / newbie / rescue tasks and their reward requests, raffles. The test
 * helpers are in reference.ts.
 */
import type { MessageLanguage } from "../catalog";
import { failWith, isRecord, ok, sessionOf, type Reply, type RouteContext } from "../http";
import type { RelayDef } from "../relay";
import {
  claimable,
  claimRaffle,
  claimsOf,
  createClaim,
  promotionOf,
  promotionsOf,
  raffleClaimOf,
  raffleOf,
  rafflesOf,
  requestTask,
  taskOf,
  tasksOf,
  taskStatus,
  type ClaimStatus,
  type PromotionRow,
  type RaffleRow,
  type StoredImage,
} from "./store";

/** Document 002 §3: these count towards the available-promotion count. */
export const COUNTED_TYPES = ["MANUAL", "RAFFLE", "TICKET", "REGISTER", "LOGIN", "SAVIOR", "MISSION_MANUAL"] as const;
/** Types claimed through the apply dialog (RAFFLE through its raffle, MISSION and REFERRAL on their pages). */
export const APPLY_TYPES = ["MANUAL", "TICKET", "REGISTER", "LOGIN", "SAVIOR", "MISSION_MANUAL"] as const;
export const TASK_TYPES = ["SIGNIN", "NEWBIE", "RESCUE"] as const;

export const MAX_IMAGES = 3;
export const MAX_IMAGE_BYTES = 5_242_880;
export const MAX_REMARKS = 140;
/** Three images of 5 MiB as base64 data URLs, and the rest of the payload. */
export const CLAIM_BODY_BYTES = 4 * Math.ceil((MAX_IMAGES * MAX_IMAGE_BYTES) / 3) + 64 * 1024;

const MESSAGES: Record<string, Record<MessageLanguage, string>> = {
  "promotion.not.found": { zh: "优惠不存在", en: "This promotion does not exist" },
  "promotion.already.claimed": { zh: "该优惠已申请", en: "This promotion has already been claimed" },
  "promotion.remark.required": { zh: "请填写备注", en: "Remarks are required" },
  "promotion.remark.too.long": { zh: "备注最多140个字符", en: "Remarks are at most 140 characters" },
  "promotion.image.required": { zh: "请上传图片", en: "An image is required" },
  "promotion.image.too.many": { zh: "最多上传3张图片", en: "At most 3 images" },
  "promotion.image.too.large": { zh: "图片不能超过5MB", en: "Each image is at most 5 MB" },
  "promotion.image.type": { zh: "图片格式仅限 jpg、jpeg、png", en: "Images must be jpg, jpeg or png" },
  "task.not.found": { zh: "任务不存在", en: "This task does not exist" },
  "task.not.claimable": { zh: "任务尚未完成或已申请", en: "This task is not finished or already requested" },
  "raffle.not.found": { zh: "抽奖不存在", en: "This raffle does not exist" },
  "raffle.not.started": { zh: "抽奖尚未开始", en: "This raffle has not started" },
  "raffle.ended": { zh: "抽奖已结束", en: "This raffle has ended" },
  "raffle.already.claimed": { zh: "已领取抽奖券", en: "The raffle ticket was already claimed" },
  "request.invalid": { zh: "请求无效", en: "Invalid request" },
};

export const refuse = (lang: MessageLanguage, errorCode: string, status = 200): Reply => failWith(MESSAGES, lang, errorCode, status);

export const bodyOf = (ctx: RouteContext): Record<string, unknown> => (isRecord(ctx.body) ? ctx.body : {});
const title = (ctx: RouteContext, row: { title_zh: string; title_en: string }) => (ctx.lang === "zh" ? row.title_zh : row.title_en);

export function positiveInt(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d{1,12}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** "YYYY-MM-DD HH:mm:ss" in UTC+8, the operators' clock. */
export function dateStr(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
}

function promotionJson(ctx: RouteContext, p: PromotionRow) {
  return {
    id: p.id,
    type: p.type,
    title: title(ctx, p),
    remarkRequired: p.remark_required,
    imageRequired: p.image_required,
    linkedPromotionId: p.linked_promotion_id,
    claimStatus: p.claim_status,
    claimable: claimable(p),
  };
}

function raffleStatus(row: RaffleRow, claimed: boolean, now: number) {
  const hasStarted = now >= row.starts_at;
  const hasEnded = now >= row.ends_at;
  return {
    isClaimed: claimed,
    hasStarted,
    hasEnded,
    due: now >= row.due_at,
    time: hasEnded ? 0 : hasStarted ? row.ends_at - now : row.starts_at - now,
  };
}

/** A picture of the claim: a data URL of a JPEG or PNG, decoded and checked by its bytes. */
function decodePicture(value: unknown): StoredImage | "type" | "size" {
  if (typeof value !== "string") return "type";
  const match = /^data:image\/(?:png|jpe?g);base64,([A-Za-z0-9+/]*={0,2})$/.exec(value.slice(0, CLAIM_BODY_BYTES));
  if (!match) return "type";
  if (match[1].length > 4 * Math.ceil(MAX_IMAGE_BYTES / 3)) return "size";
  const bytes = Buffer.from(match[1], "base64");
  if (bytes.length > MAX_IMAGE_BYTES) return "size";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { kind: "jpeg", bytes };
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return { kind: "png", bytes };
  return "type";
}

function claimReward(ctx: RouteContext): Reply {
  const { member } = sessionOf(ctx);
  const body = bodyOf(ctx);
  const id = positiveInt(body.promotionId);
  const promotion = id === null ? undefined : promotionOf(ctx.runtime.db, ctx.merchantCode, member.id, id);
  if (!promotion || !(APPLY_TYPES as readonly string[]).includes(promotion.type)) return refuse(ctx.lang, "promotion.not.found");
  if (!claimable(promotion)) return refuse(ctx.lang, "promotion.already.claimed");
  if (body.remarks !== undefined && body.remarks !== null && typeof body.remarks !== "string")
    return refuse(ctx.lang, "request.invalid", 400);
  const remarks = typeof body.remarks === "string" ? body.remarks.trim() : "";
  if ([...remarks].length > MAX_REMARKS) return refuse(ctx.lang, "promotion.remark.too.long");
  if (promotion.remark_required === "Y" && remarks === "") return refuse(ctx.lang, "promotion.remark.required");
  const pictures = body.pictures ?? [];
  if (!Array.isArray(pictures)) return refuse(ctx.lang, "request.invalid", 400);
  if (pictures.length > MAX_IMAGES) return refuse(ctx.lang, "promotion.image.too.many");
  const images: StoredImage[] = [];
  for (const picture of pictures) {
    const image = decodePicture(picture);
    if (image === "type") return refuse(ctx.lang, "promotion.image.type");
    if (image === "size") return refuse(ctx.lang, "promotion.image.too.large");
    images.push(image);
  }
  if (promotion.image_required === "Y" && images.length === 0) return refuse(ctx.lang, "promotion.image.required");
  const claimId = createClaim(ctx.runtime.db, member.id, promotion.id, remarks, images, ctx.runtime.now());
  return ok({ claimId, promotionId: promotion.id, status: "PENDING" as ClaimStatus });
}

export const promotionRelays: RelayDef[] = [
  {
    service: "MCSFE",
    operation: "getAvailablePromotions",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const { db } = ctx.runtime;
      const now = ctx.runtime.now();
      const promotions = promotionsOf(db, ctx.merchantCode, member.id);
      const value: Record<string, number | { count: number; enabled: boolean }> = {};
      for (const type of COUNTED_TYPES) {
        value[type] =
          type === "RAFFLE"
            ? rafflesOf(db, ctx.merchantCode, now).filter((r) => {
                const s = raffleStatus(r, raffleClaimOf(db, member.id, r.schedule_id) !== undefined, now);
                return s.hasStarted && !s.hasEnded && !s.isClaimed;
              }).length
            : promotions.filter((p) => p.type === type && claimable(p)).length;
      }
      for (const type of ["MISSION", "REFERRAL"]) {
        const of = promotions.filter((p) => p.type === type && p.enabled === 1);
        value[type] = { count: of.length, enabled: of.length > 0 };
      }
      return ok(value);
    },
  },
  {
    // Chosen (decision 027): the member's claimable kinds of promotion with their claim state.
    service: "MCSFE",
    operation: "getPromotionList",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const list = promotionsOf(ctx.runtime.db, ctx.merchantCode, member.id).filter(
        (p) => p.enabled === 1 && (APPLY_TYPES as readonly string[]).includes(p.type),
      );
      return ok({ list: list.map((p) => promotionJson(ctx, p)) });
    },
  },
  {
    service: "MCS2",
    operation: "getPromotionClaimList",
    access: "session",
    handler(ctx) {
      const body = bodyOf(ctx);
      const pageNo = Math.min(positiveInt(body.pageNo) ?? 1, 100_000);
      const pageSize = Math.min(positiveInt(body.pageSize) ?? 10, 100);
      const page = claimsOf(ctx.runtime.db, sessionOf(ctx).member.id, pageNo, pageSize);
      return ok({
        list: page.rows.map((r) => ({
          id: r.id,
          promotionId: r.promotion_id,
          promotionType: r.type,
          promotionTitle: title(ctx, r),
          status: r.status,
          remarks: r.remarks,
          imageCount: r.image_count,
          createdAt: r.created_at,
          createdAtStr: dateStr(r.created_at),
        })),
        pageNo,
        pageSize,
        total: page.total,
      });
    },
  },
  { service: "MCSFE", operation: "claimReward", access: "session", maxBodyBytes: CLAIM_BODY_BYTES, handler: claimReward },
  {
    // Chosen (decision 027): the tasks of one kind with the member's progress.
    service: "MCSFE",
    operation: "getTaskList",
    access: "session",
    handler(ctx) {
      const taskType = String(bodyOf(ctx).taskType ?? "");
      if (!(TASK_TYPES as readonly string[]).includes(taskType)) return refuse(ctx.lang, "request.invalid", 400);
      const tasks = tasksOf(ctx.runtime.db, ctx.merchantCode, sessionOf(ctx).member.id, taskType);
      return ok({
        list: tasks.map((t) => ({
          id: t.id,
          taskType: t.task_type,
          title: title(ctx, t),
          progress: Math.min(t.progress_default, t.target),
          target: t.target,
          reward: t.reward,
          status: taskStatus(t),
        })),
      });
    },
  },
  {
    service: "MCSFE",
    operation: "signUpRequestReward",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const id = positiveInt(bodyOf(ctx).taskId);
      const task = id === null ? undefined : taskOf(ctx.runtime.db, ctx.merchantCode, member.id, id);
      if (!task) return refuse(ctx.lang, "task.not.found");
      if (taskStatus(task) !== "CLAIMABLE" || !requestTask(ctx.runtime.db, member.id, task.id, ctx.runtime.now())) {
        return refuse(ctx.lang, "task.not.claimable");
      }
      return ok({ taskId: task.id, status: "REQUESTED", reward: task.reward });
    },
  },
  {
    service: "MCSFE",
    operation: "getRafflePromotion",
    access: "session",
    handler(ctx) {
      const list = rafflesOf(ctx.runtime.db, ctx.merchantCode, ctx.runtime.now());
      return ok({
        list: list.map((r) => ({
          promotionId: r.promotion_id,
          raffleScheduleId: r.schedule_id,
          title: title(ctx, r),
          startTime: r.starts_at,
          endTime: r.ends_at,
          dueTime: r.due_at,
          prizeValue: r.prize_value,
        })),
      });
    },
  },
  {
    service: "MCSFE",
    operation: "getRafflePromotionStatus",
    access: "session",
    handler(ctx) {
      const body = bodyOf(ctx);
      const raffle = findRaffle(ctx, body);
      if (!raffle) return refuse(ctx.lang, "raffle.not.found");
      const claimed = raffleClaimOf(ctx.runtime.db, sessionOf(ctx).member.id, raffle.schedule_id) !== undefined;
      return ok(raffleStatus(raffle, claimed, ctx.runtime.now()));
    },
  },
  {
    service: "MCSFE",
    operation: "claimRafflePromotion",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const raffle = findRaffle(ctx, bodyOf(ctx));
      if (!raffle) return refuse(ctx.lang, "raffle.not.found");
      const now = ctx.runtime.now();
      const status = raffleStatus(raffle, raffleClaimOf(ctx.runtime.db, member.id, raffle.schedule_id) !== undefined, now);
      if (status.isClaimed) return refuse(ctx.lang, "raffle.already.claimed");
      if (!status.hasStarted) return refuse(ctx.lang, "raffle.not.started");
      if (status.hasEnded) return refuse(ctx.lang, "raffle.ended");
      const ticket = claimRaffle(ctx.runtime.db, member.id, raffle.schedule_id, now);
      if (!ticket) return refuse(ctx.lang, "raffle.already.claimed");
      return ok({
        value: raffle.prize_value,
        ticket: {
          id: ticket.id,
          ticketId: ticket.ticket_id,
          transactionId: ticket.transaction_id,
          startDateStr: dateStr(raffle.starts_at),
          endDateStr: dateStr(raffle.ends_at),
        },
      });
    },
  },
];

function findRaffle(ctx: RouteContext, body: Record<string, unknown>): RaffleRow | undefined {
  const promotionId = positiveInt(body.promotionId);
  const scheduleId = positiveInt(body.raffleScheduleId);
  if (promotionId === null || scheduleId === null) return undefined;
  return raffleOf(ctx.runtime.db, ctx.merchantCode, promotionId, scheduleId);
}
