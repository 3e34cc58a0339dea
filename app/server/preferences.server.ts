/**
 * A browser's display preferences: each a cookie of one of a few words, kept a year, read through
 * its own list like any other input (cookies.server.ts) and posted by a plain form or a fetcher.
 * They belong to the browser, not the account, and hold nothing secret; httpOnly all the same,
 * since only the server draws by them (the first paint is already in the chosen state).
 */
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { CHAT_CORNERS, type ChatCorner } from "~/features/chat/chat";
import { readCookie } from "~/server/cookies.server";

const YEAR = 365 * 24 * 60 * 60;

export interface Preference<T extends string> {
  /** This browser's choice, or the default when it has none (or a cookie that is not one of them). */
  read(request: Request): Promise<T>;
  /** The Set-Cookie header for a posted value, or null when the value is not one of the choices. */
  keep(value: FormDataEntryValue | null): Promise<string | null>;
}

function preference<T extends string>(name: string, choices: readonly [T, ...T[]], fallback: T): Preference<T> {
  const cookie = createCookie(name, { httpOnly: true, sameSite: "lax", path: "/", maxAge: YEAR });
  const schema = z.enum(choices);
  return {
    read: async (request) => (await readCookie(cookie, request, schema)) ?? fallback,
    keep: async (value) => {
      const parsed = schema.safeParse(value);
      return parsed.success ? cookie.serialize(parsed.data) : null;
    },
  };
}

/** The info bar's balance, hidden ("1") or shown (document 002, section 2). */
export const balanceHidden = preference("balance_hidden", ["0", "1"], "0");
/** The right tool bar, collapsed or expanded (document 001, section 2, screen 14). */
export const toolbarState = preference("toolbar", ["expanded", "collapsed"], "expanded");
/** The corner the floating chat button was moved to (document 001, section 4). */
export const chatCorner = preference<ChatCorner>("chat_corner", CHAT_CORNERS as [ChatCorner, ...ChatCorner[]], "bottom-right");

export const isBalanceHidden = async (request: Request) => (await balanceHidden.read(request)) === "1";
export const isToolbarCollapsed = async (request: Request) => (await toolbarState.read(request)) === "collapsed";
