/** SQL of the content area: announcements in their date window, the help tree, winners, the jackpot. */
import type { Db } from "../db";
import type { ItemKind } from "./items";
import { seedItems } from "./seed";
import type { Lang, Text } from "./texts";

export interface ItemRow {
  id: number;
  merchant_code: string;
  kind: ItemKind;
  texts: string;
  starts_at: number;
  ends_at: number;
  group_name: string | null;
  linkage: string | null;
  linkage_type: string | null;
  vendor: string | null;
  node_id: string | null;
  room_id: string | null;
  promotion_type: string | null;
  redirect: string | null;
  external_link: string | null;
  category: string | null;
  execution: string | null;
}

/** An item's (or help page's) text in a language; Simplified Chinese when that language is missing. */
export function textOf(row: { texts: string }, lang: Lang): Text {
  try {
    const all = JSON.parse(row.texts) as Partial<Record<Lang, Text>>;
    return all[lang] ?? all.cn ?? { title: "", content: "" };
  } catch {
    return { title: "", content: "" };
  }
}

/** The merchant's items of one kind showing at `now`: banners in their order, the rest newest first. */
export function activeItems(db: Db, merchantCode: string, kind: ItemKind, now: number): ItemRow[] {
  const order = kind === "banner" ? "id" : "starts_at DESC, id DESC";
  return db
    .prepare(`SELECT * FROM content_items WHERE merchant_code = ? AND kind = ? AND starts_at <= ? AND ends_at >= ? ORDER BY ${order}`)
    .all(merchantCode, kind, now, now) as ItemRow[];
}

/** A notice, pop-up or promotion of the merchant showing at `now` (banners have no page of their own). */
export function activeNotice(db: Db, merchantCode: string, id: number, now: number): ItemRow | undefined {
  return db
    .prepare(
      `SELECT * FROM content_items WHERE merchant_code = ? AND id = ? AND kind IN ('notice', 'popup', 'promotion')
       AND starts_at <= ? AND ends_at >= ?`,
    )
    .get(merchantCode, id, now, now) as ItemRow | undefined;
}

/** The item an image URL names, of any merchant (a browser loads images without a Merchant header). */
export function itemForImage(db: Db, id: number, kinds: readonly ItemKind[]): ItemRow | undefined {
  return db.prepare(`SELECT * FROM content_items WHERE id = ? AND kind IN (${kinds.map(() => "?").join(", ")})`).get(id, ...kinds) as
    ItemRow | undefined;
}

/** Forgets every item, the ones tests added too, and seeds them again at `now`. */
export function resetItems(db: Db, now: number): void {
  db.transaction(() => {
    db.prepare("DELETE FROM content_items").run();
    seedItems(db, now);
  })();
}

export interface HelpRow {
  tag: string;
  parent_tag: string | null;
  bg_color: string | null;
  texts: string;
}

export function helpRows(db: Db, merchantCode: string): HelpRow[] {
  return db
    .prepare("SELECT tag, parent_tag, bg_color, texts FROM content_help WHERE merchant_code = ? ORDER BY sort, rowid")
    .all(merchantCode) as HelpRow[];
}

export interface WinnerRow {
  id: number;
  username: string;
  node_id: number;
  vendor: string;
  game_type: string;
  win_cents: number;
  bet_time: number;
}

/** The biggest wins first (the earlier bet first on a tie), of one game type or all. */
export function winners(db: Db, merchantCode: string, gameType: string | null, limit: number): WinnerRow[] {
  const filter = gameType === null ? "" : " AND game_type = ?";
  const args = gameType === null ? [] : [gameType];
  return db
    .prepare(`SELECT * FROM content_winners WHERE merchant_code = ?${filter} ORDER BY win_cents DESC, bet_time, id LIMIT ?`)
    .all(merchantCode, ...args, limit) as WinnerRow[];
}

export interface JackpotRow {
  base_cents: number;
  cents_per_second: number;
  started_at: number;
  cycle_ms: number;
}

export function jackpotOf(db: Db, merchantCode: string): JackpotRow | undefined {
  return db.prepare("SELECT * FROM content_jackpots WHERE merchant_code = ?").get(merchantCode) as JackpotRow | undefined;
}

/**
 * The pool at `now`: base plus what whole seconds since the cycle began added. Deterministic, so
 * every portal process and every test sees one figure for one instant; a clock set before the
 * seed counts back from the end of a cycle rather than going below base.
 */
export function jackpotCents(row: JackpotRow, now: number): number {
  const intoCycle = (((now - row.started_at) % row.cycle_ms) + row.cycle_ms) % row.cycle_ms;
  return row.base_cents + Math.floor(intoCycle / 1000) * row.cents_per_second;
}

/** Takes a merchant's items away (a journey removes what it added). */
export function removeItems(db: Db, merchantCode: string, ids: readonly number[]): void {
  const remove = db.prepare("DELETE FROM content_items WHERE merchant_code = ? AND id = ?");
  db.transaction(() => ids.forEach((id) => remove.run(merchantCode, id)))();
}
