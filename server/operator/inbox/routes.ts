/**
 * Relay operations of the inbox area (decision 029): the unread count of the last 7 days, the
 * inbox with paging and a read filter, reading a message; payment confirmations and their
 * answer (Y received, N not received with a proof image, A auto); feedback with its image
 * (captcha checked by the device, as the login's). Test helpers are in reference.ts.
 */
import type { MessageLanguage } from "../catalog";
import { failWith, isRecord, ok, sessionOf, type Reply, type RouteContext, type RouteDef } from "../http";
import type { RelayDef } from "../relay";
import { consumeCaptcha } from "../session/store";
import { unreadCount } from "./store";

export const MAX_IMAGE_BYTES = 5_242_880;
export const FEEDBACK_TYPES = [0, 1, 2, 3, 4, 6] as const;
/** One proof image as a data URL, and the rest. */
export const PROOF_BODY_BYTES = 4 * Math.ceil(MAX_IMAGE_BYTES / 3) + 64 * 1024;

const MESSAGES: Record<string, Record<MessageLanguage, string>> = {
  "message.not.found": { zh: "消息不存在", en: "This message does not exist" },
  "confirmation.not.found": { zh: "该笔确认不存在或已处理", en: "This receipt does not exist or was already answered" },
  "confirmation.proof.required": { zh: "请上传未收到款项的凭证", en: "Upload a proof that the money did not arrive" },
  "image.invalid": { zh: "图片格式仅限 jpg、jpeg、png，且不超过5MB", en: "Images must be jpg, jpeg or png of at most 5 MB" },
  "feedback.content.length": { zh: "反馈内容须为20至500个字符", en: "Feedback is 20 to 500 characters" },
  "feedback.type.invalid": { zh: "请选择问题类型", en: "Choose a question type" },
  "feedback.sender.required": { zh: "请填写联系人", en: "Enter who is writing" },
  "feedback.image.login": { zh: "登录后才能上传图片", en: "Log in to attach an image" },
  "captcha.incorrect": { zh: "验证码错误", en: "The captcha is incorrect" },
  "request.invalid": { zh: "请求无效", en: "Invalid request" },
};

const refuse = (lang: MessageLanguage, errorCode: string, status = 200): Reply => failWith(MESSAGES, lang, errorCode, status);

const bodyOf = (ctx: RouteContext): Record<string, unknown> => (isRecord(ctx.body) ? ctx.body : {});
const intOf = (value: unknown, fallback: number, max: number) => {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/** JPEG or PNG by the bytes, at most 5 MB. */
export function imageKindOf(bytes: Uint8Array): "image/jpeg" | "image/png" | null {
  if (bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return png.every((b, i) => bytes[i] === b) ? "image/png" : null;
}

function dataUrlBytes(value: unknown): Uint8Array | null {
  if (typeof value !== "string") return null;
  const m = /^data:image\/(?:png|jpeg|jpg);base64,([A-Za-z0-9+/=]+)$/.exec(value);
  return m ? new Uint8Array(Buffer.from(m[1], "base64")) : null;
}

type MessageRow = {
  id: number;
  subject_zh: string;
  subject_en: string;
  content_zh: string;
  content_en: string;
  read: number;
  sent_at: number;
};
const messageJson = (ctx: RouteContext, m: MessageRow, withContent = false) => ({
  id: m.id,
  subject: ctx.lang === "zh" ? m.subject_zh : m.subject_en,
  read: m.read === 1,
  sendTime: m.sent_at,
  ...(withContent ? { content: ctx.lang === "zh" ? m.content_zh : m.content_en } : {}),
});

type ConfirmationRow = {
  pay_detail_id: number;
  amount: string;
  remaining_amount: string;
  is_auto_confirmed: string;
  payer: string;
  created_at: number;
};

export const inboxRelays: RelayDef[] = [
  {
    service: "CSP",
    operation: "unreadCount",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      return ok({ count: unreadCount(ctx.runtime.db, member.id, ctx.runtime.now()) });
    },
  },
  {
    service: "CSP",
    operation: "getInbox",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const b = bodyOf(ctx);
      const page = intOf(b.page, 1, 100_000);
      const size = intOf(b.size, 10, 50);
      const unreadOnly = b.read === false || b.read === "false";
      const where = `member_id = ?${unreadOnly ? " AND read = 0" : ""}`;
      const { db } = ctx.runtime;
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM inbox_messages WHERE ${where}`).get(member.id) as { n: number }).n;
      const rows = db
        .prepare(`SELECT * FROM inbox_messages WHERE ${where} ORDER BY sent_at DESC, id DESC LIMIT ? OFFSET ?`)
        .all(member.id, size, (page - 1) * size) as MessageRow[];
      return ok({ list: rows.map((m) => messageJson(ctx, m)), total, page, size });
    },
  },
  {
    service: "CSP",
    operation: "readMessage",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const id = intOf(bodyOf(ctx).id, 0, Number.MAX_SAFE_INTEGER);
      const { db } = ctx.runtime;
      const row = db.prepare("SELECT * FROM inbox_messages WHERE id = ? AND member_id = ?").get(id, member.id) as MessageRow | undefined;
      if (!row) return refuse(ctx.lang, "message.not.found");
      db.prepare("UPDATE inbox_messages SET read = 1 WHERE id = ?").run(id);
      return ok(messageJson(ctx, { ...row, read: 1 }, true));
    },
  },
  {
    service: "MCSFE",
    operation: "getPaymentConfirmationList",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const rows = ctx.runtime.db
        .prepare("SELECT * FROM payment_confirmations WHERE member_id = ? AND answer IS NULL ORDER BY created_at")
        .all(member.id) as ConfirmationRow[];
      return ok(
        rows.map((r) => ({
          payDetailId: r.pay_detail_id,
          amount: r.amount,
          remainingAmount: r.remaining_amount,
          isAutoConfirmed: r.is_auto_confirmed,
          payer: r.payer,
          createdTime: r.created_at,
        })),
      );
    },
  },
  {
    service: "MCSFE",
    operation: "processC2CTransaction",
    access: "session",
    maxBodyBytes: PROOF_BODY_BYTES,
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const b = bodyOf(ctx);
      const id = intOf(b.payDetailId, 0, Number.MAX_SAFE_INTEGER);
      const answer = b.isMoneyReceived;
      if (answer !== "Y" && answer !== "N" && answer !== "A") return refuse(ctx.lang, "request.invalid");
      const { db } = ctx.runtime;
      const open = db
        .prepare("SELECT 1 FROM payment_confirmations WHERE pay_detail_id = ? AND member_id = ? AND answer IS NULL")
        .get(id, member.id);
      if (!open) return refuse(ctx.lang, "confirmation.not.found");
      let proof: Uint8Array | null = null;
      if (answer === "N") {
        proof = dataUrlBytes(b.proofOfNotReceive);
        if (!proof) return refuse(ctx.lang, "confirmation.proof.required");
        if (!imageKindOf(proof)) return refuse(ctx.lang, "image.invalid");
      }
      db.prepare("UPDATE payment_confirmations SET answer = ?, proof = ?, processed_at = ? WHERE pay_detail_id = ?").run(
        answer,
        proof ? Buffer.from(proof) : null,
        ctx.runtime.now(),
        id,
      );
      return ok(true);
    },
  },
];

export const inboxRoutes: RouteDef[] = [
  {
    method: "PUT",
    path: "/wps/feedback",
    access: "merchant",
    body: "multipart",
    maxBodyBytes: MAX_IMAGE_BYTES + 64 * 1024,
    handler(ctx) {
      const b = bodyOf(ctx);
      const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
      const sender = text(b.sender);
      const content = text(b.content);
      const type = Number(text(b.type));
      if (!sender || sender.length > 64) return refuse(ctx.lang, "feedback.sender.required");
      if ([...content].length < 20 || [...content].length > 500) return refuse(ctx.lang, "feedback.content.length");
      if (!(FEEDBACK_TYPES as readonly number[]).includes(type) || text(b.type) === "") return refuse(ctx.lang, "feedback.type.invalid");
      const device = text(b.deviceId);
      const expected = device ? consumeCaptcha(ctx.runtime.db, device, ctx.runtime.now()) : null;
      if (!expected || expected !== text(b.captcha)) return refuse(ctx.lang, "captcha.incorrect");
      const file = isRecord(b.file) && b.file.bytes instanceof Uint8Array && b.file.bytes.length > 0 ? b.file.bytes : null;
      if (file && !ctx.session) return refuse(ctx.lang, "feedback.image.login");
      const kind = file ? imageKindOf(file) : null;
      if (file && !kind) return refuse(ctx.lang, "image.invalid");
      const { lastInsertRowid } = ctx.runtime.db
        .prepare(
          "INSERT INTO feedback (merchant, member_id, sender, content, type, image, image_type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .run(
          ctx.merchantCode,
          ctx.session?.member.id ?? null,
          sender,
          content,
          type,
          file ? Buffer.from(file) : null,
          kind,
          ctx.runtime.now(),
        );
      return ok({ id: Number(lastInsertRowid) });
    },
  },
];
