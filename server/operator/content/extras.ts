/**
 * The rest of the site's content (document 001, sections 7 and 9): the help centre's tree, the
 * winner board, the jackpot and the customer-service script.
 */
import { GAMES } from "../games/catalogue";
import { isRecord, ok, type RouteContext, type RouteDef } from "../http";
import type { RelayDef } from "../relay";
import { merchantByCode } from "../system/store";
import { contentLanguage, positiveId } from "./routes";
import { helpRows, jackpotCents, jackpotOf, textOf, winners, type HelpRow } from "./store";
import type { Lang } from "./texts";

export interface HelpItem {
  tag: string;
  title: string;
  content: string;
  bgColor?: string;
  children: HelpItem[];
}

export interface WinnerBoard {
  list: {
    rank: number;
    vo: { username: string; gameName: string; vendor: string; winAmount: number; currency: string; betTime: number };
  }[];
}

export interface Jackpot {
  amount: number;
  currency: string;
  updatedAt: number;
}

/** The board's and the document's limit (document 001, section 9). */
export const WINNER_LIMIT = 100;

const GAME_BY_NODE = new Map(GAMES.map((g) => [g.nodeId, g]));

const currencyOf = (ctx: RouteContext) => merchantByCode(ctx.runtime.db, ctx.merchantCode)?.currency ?? "CNY";

function helpTree(rows: readonly HelpRow[], lang: Lang, parent: string | null): HelpItem[] {
  return rows
    .filter((row) => row.parent_tag === parent)
    .map((row) => {
      const text = textOf(row, lang);
      const item: HelpItem = { tag: row.tag, title: text.title, content: text.content, children: helpTree(rows, lang, row.tag) };
      if (row.bg_color) item.bgColor = row.bg_color;
      return item;
    });
}

export const extraRoutes: RouteDef[] = [
  {
    // ?language=CN&device=WEB: the language names the texts (the Language header when it is absent); one tree serves every device.
    method: "GET",
    path: "/wps/system/helpCenter",
    access: "merchant",
    handler(ctx) {
      const lang = contentLanguage(ctx, ctx.url.searchParams.get("language"));
      return ok(helpTree(helpRows(ctx.runtime.db, ctx.merchantCode), lang, null));
    },
  },
];

export const extraRelays: RelayDef[] = [
  {
    // { gameCategory?: a game type (LIVE, RNG, FISH, PVP…) or ALL, language?, limitNum?: 1..100 }
    service: "ODSFE2",
    operation: "getWinnerBoard",
    access: "merchant",
    handler(ctx) {
      const body = isRecord(ctx.body) ? ctx.body : {};
      const category = typeof body.gameCategory === "string" ? body.gameCategory.trim().toUpperCase() : "";
      const limit = Math.min(positiveId(body.limitNum) ?? WINNER_LIMIT, WINNER_LIMIT);
      const lang = contentLanguage(ctx, body.language);
      const currency = currencyOf(ctx);
      const rows = winners(ctx.runtime.db, ctx.merchantCode, category === "" || category === "ALL" ? null : category, limit);
      const value: WinnerBoard = {
        list: rows.map((row, i) => ({
          rank: i + 1,
          vo: {
            username: row.username,
            gameName: GAME_BY_NODE.get(row.node_id)?.names[lang] ?? row.vendor,
            vendor: row.vendor,
            winAmount: row.win_cents / 100,
            currency,
            betTime: row.bet_time,
          },
        })),
      };
      return ok(value);
    },
  },
  {
    service: "VIS",
    operation: "getJackpot",
    access: "merchant",
    handler(ctx) {
      const now = ctx.runtime.now();
      const row = jackpotOf(ctx.runtime.db, ctx.merchantCode);
      const value: Jackpot = { amount: row ? jackpotCents(row, now) / 100 : 0, currency: currencyOf(ctx), updatedAt: now };
      return ok(value);
    },
  },
  {
    // Always empty: the portal must not inject a script the operator hands it (its CSP allows only
    // its own scripts), so the reference shows that a live-chat widget arrives as a link instead
    // (the customer-service entries of the consolidated settings).
    service: "WPSCORE",
    operation: "getCustomerServiceScript",
    access: "merchant",
    handler() {
      return ok({ script: "" });
    },
  },
];
