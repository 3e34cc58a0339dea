/**
 * A guest's whole page, drawn once and reused (decision 042): a guest's document is a function
 * of the address, the language and the loader data alone, and in a guest's loader data only the
 * form token (CSRF) differs from one guest to the next; in the markup, also the CSP nonce. So the
 * page is stored as a template with those two as holes, keyed by a digest of the address, the
 * language and the serialised loader data (with the token taken out) that Remix hands to the
 * browser anyway; the next guest whose loaders answer the same gets the template filled with
 * their own token and nonce instead of a React render.
 *
 * Safe by construction: the key covers everything the render reads, so a page is only ever
 * served for loader data equal to what drew it; any per-visitor value in it (a flash notice, a
 * remembered name) makes a key of its own. Players' pages are never stored: their data is their
 * own and would only crowd the store. Bounded by bytes (least recently used out) and by age, so a
 * part that reads the clock while drawing is at most PAGE_TTL_MS old.
 */
import { createHash } from "node:crypto";
import type { Locale } from "~/i18n/config";

export const PAGE_CACHE_BYTES = 24 * 1024 * 1024;
export const PAGE_TTL_MS = 10_000;

type Hole = "token" | "nonce";

interface Template {
  /** Text, hole, text, hole, …, text. */
  parts: string[];
  holes: Hole[];
  bytes: number;
  storedAt: number;
}

const pages = new Map<string, Template>();
let bytes = 0;
let hits = 0;
let misses = 0;

/**
 * The key of a guest page: what the render reads (address, language, the serialised loader,
 * action and error data with the token replaced by its hole's name). Null: not a page to keep.
 */
export function guestPageKey(url: string, locale: Locale, handoff: string | undefined, token: string): string | null {
  if (!handoff || !token) return null;
  return createHash("sha1")
    .update(url)
    .update("\n")
    .update(locale)
    .update("\n")
    .update(handoff.replaceAll(token, "\u0000token\u0000"))
    .digest("base64url");
}

export function cachedGuestPage(key: string, token: string, nonce: string, now = Date.now()): string | null {
  const page = pages.get(key);
  if (!page || now - page.storedAt > PAGE_TTL_MS) {
    if (page) drop(key, page);
    misses++;
    return null;
  }
  hits++;
  // Most recently used last.
  pages.delete(key);
  pages.set(key, page);
  let html = page.parts[0];
  for (let i = 0; i < page.holes.length; i++) html += (page.holes[i] === "token" ? token : nonce) + page.parts[i + 1];
  return html;
}

/** Keeps a page drawn for a guest, its token and nonce turned into holes. */
export function storeGuestPage(key: string, html: string, token: string, nonce: string, now = Date.now()) {
  const pieces = html.split(new RegExp(`(${escapeRegExp(token)}|${escapeRegExp(nonce)})`));
  const parts: string[] = [];
  const holes: Hole[] = [];
  for (let i = 0; i < pieces.length; i++) {
    if (i % 2 === 0) parts.push(pieces[i]);
    else holes.push(pieces[i] === token ? "token" : "nonce");
  }
  const old = pages.get(key);
  if (old) drop(key, old);
  // UTF-16 code units, two bytes each: what the strings take in the heap, near enough.
  const page: Template = { parts, holes, bytes: html.length * 2, storedAt: now };
  if (page.bytes > PAGE_CACHE_BYTES / 8) return;
  pages.set(key, page);
  bytes += page.bytes;
  for (const [oldest, entry] of pages) {
    if (bytes <= PAGE_CACHE_BYTES) break;
    drop(oldest, entry);
  }
  // An expired page is never served, but without a sweep it would stay in the heap until the
  // store filled up: a process that goes quiet after a busy hour would keep up to 24 MiB of it.
  sweeper ??= setInterval(() => sweepGuestPages(), PAGE_TTL_MS).unref();
}

let sweeper: ReturnType<typeof setInterval> | undefined;

/** Drops every expired page; the timer stops with the last one, and starts again with the next store. */
export function sweepGuestPages(now = Date.now()) {
  for (const [key, page] of pages) if (now - page.storedAt > PAGE_TTL_MS) drop(key, page);
  if (pages.size === 0 && sweeper) {
    clearInterval(sweeper);
    sweeper = undefined;
  }
}

function drop(key: string, page: Template) {
  pages.delete(key);
  bytes -= page.bytes;
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** For tests and the bench. */
export function guestPageStats() {
  return { entries: pages.size, bytes, hits, misses };
}
export function forgetGuestPages() {
  pages.clear();
  bytes = 0;
  hits = 0;
  misses = 0;
}
