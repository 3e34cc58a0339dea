/**
 * The back office's announcement form, for tests and the demo: POST /__reference/announcements
 * adds one item to the operator's merchant, the same text in every language, stored exactly as
 * given (tests put hostile HTML there to prove the portal sanitises what it shows), or with
 * { reset: true } puts back the seeded items.
 */
import { fail, isRecord, ok, type RouteContext, type RouteDef } from "../http";
import { BANNER_GROUP, EXECUTIONS, type Execution, type ItemKind, type ItemSeed, type LinkageType } from "./items";
import { insertItem } from "./seed";
import { removeItems, resetItems } from "./store";
import { PROMOTION_CATEGORIES, sameInEvery, type PromotionCategory } from "./texts";

/** A back office's form is small; a larger body is a test's mistake (or an attack on the helper). */
export const ANNOUNCEMENT_BODY_BYTES = 64 * 1024;

const KINDS: Record<string, ItemKind> = { banner: "banner", notice: "notice", popup: "popup", promotion: "promotion" };
const LINKAGE_TYPES: readonly LinkageType[] = ["URL", "P", "G"];
const DAY = 24 * 3600_000;

/** An optional text field: undefined when absent, null when it is not text. */
function optionalText(value: unknown): string | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" ? value : null;
}

const optionalTime = (value: unknown): number | undefined | null =>
  value === undefined ? undefined : typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;

function announcementOf(body: Record<string, unknown>, now: number): Omit<ItemSeed, "id"> | null {
  const kind = typeof body.kind === "string" ? KINDS[body.kind] : undefined;
  if (!kind || typeof body.title !== "string" || body.title.trim() === "") return null;
  const content = optionalText(body.content);
  const fields = ["linkage", "vendor", "nodeId", "roomId", "groupName", "promotionType", "redirect", "externalLink"] as const;
  const text: Partial<Record<(typeof fields)[number], string>> = {};
  for (const field of fields) {
    const value = optionalText(body[field]);
    if (value === null) return null;
    if (value !== undefined) text[field] = value;
  }
  const linkageType = body.linkageType ?? (kind === "banner" ? "URL" : undefined);
  if (linkageType !== undefined && !LINKAGE_TYPES.includes(linkageType as LinkageType)) return null;
  const category = body.category;
  if (category !== undefined && (category === "ALL" || !PROMOTION_CATEGORIES.includes(category as PromotionCategory))) return null;
  const execution = body.execution;
  if (execution !== undefined && !EXECUTIONS.includes(execution as Execution)) return null;
  const startsAt = optionalTime(body.startDate);
  const endsAt = optionalTime(body.endDate);
  if (content === null || startsAt === null || endsAt === null) return null;
  return {
    kind,
    texts: sameInEvery({ title: body.title, content: content ?? "" }),
    startsAt: startsAt ?? now,
    endsAt: endsAt ?? now + 30 * DAY,
    ...text,
    groupName: kind === "banner" ? (text.groupName ?? BANNER_GROUP) : undefined,
    linkageType: linkageType as LinkageType | undefined,
    category: category as PromotionCategory | undefined,
    execution: execution as Execution | undefined,
  };
}

export const contentReferenceRoutes: RouteDef[] = [
  {
    // { kind: banner | notice | popup | promotion, title, content?, startDate?, endDate? (epoch ms; default now
    // and 30 days on), linkage?, linkageType?, vendor?, nodeId?, roomId?, groupName?, promotionType?, redirect?,
    // externalLink?, category?, execution? (pop-ups: A or F) } → { id }; or { reset: true }; or { remove: [id…] }.
    method: "POST",
    path: "/__reference/announcements",
    access: "reference",
    body: "json",
    maxBodyBytes: ANNOUNCEMENT_BODY_BYTES,
    handler(ctx: RouteContext) {
      const body = isRecord(ctx.body) ? ctx.body : null;
      const now = ctx.runtime.now();
      if (Array.isArray(body?.remove)) {
        const ids = body.remove.filter((id): id is number => Number.isSafeInteger(id));
        removeItems(ctx.runtime.db, ctx.runtime.settings.merchantCode, ids);
        return ok(null);
      }
      if (body?.reset === true) {
        resetItems(ctx.runtime.db, now);
        return ok(null);
      }
      const item = body ? announcementOf(body, now) : null;
      if (!item) return fail(ctx.lang, "request.invalid", { status: 400 });
      return ok({ id: insertItem(ctx.runtime.db, ctx.runtime.settings.merchantCode, item) });
    },
  },
];
