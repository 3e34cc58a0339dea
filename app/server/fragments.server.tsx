/**
 * The store of shared fragments (decision 041): markup drawn once per key and reused until the
 * data it was drawn from changes, which changes the key. Keys are made by `fragmentKey` from the
 * merchant, the language, the visitor's kind and a digest of the data the part draws; so a
 * settings or catalogue change shows on the first view after the operator cache lets it through,
 * as before, and the old entries age out.
 *
 * Bounded: at most FRAGMENTS_MAX entries (least recently used first out). A digest is computed
 * from what the loader passes to the part, never from the session, so nothing of one visitor can
 * be keyed, drawn or found for another.
 */
import { createHash } from "node:crypto";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import type { FragmentStore } from "~/components/shared-fragment";
import type { Locale } from "~/i18n/config";
import { i18nFor } from "~/i18n/instances.server";
import { config } from "~/server/config.server";

/**
 * What a fragment's CSRF fields hold in the store (drawFragment gives its parts this token); each
 * view gets its viewer's token there (fragmentStore.serve). Letters only: no escaping changes it.
 */
export const CSRF_HOLE = "csrfholeXq7vKp2mWz";

/** Parts × merchant × 6 languages × kinds × a few data versions, with room to spare (a part is 1–30 KB). */
export const FRAGMENTS_MAX = 300;

const stored = new Map<string, string>();

/** Digests of data objects that stay the same object for as long as their answers are cached (lib/memo.ts); never mutated. */
const digests = new WeakMap<object, string>();

function digestOf(data: unknown): string {
  const isObject = typeof data === "object" && data !== null;
  const known = isObject ? digests.get(data) : undefined;
  if (known) return known;
  const digest = createHash("sha1")
    .update(JSON.stringify(data) ?? "")
    .digest("base64url")
    .slice(0, 16);
  if (isObject) digests.set(data, digest);
  return digest;
}

/**
 * What a part's markup depends on, as its key: readable parts, then a digest of the data. Give
 * the pieces of data one by one (not a new object around them): each cached piece is digested
 * once, and only the few digests are hashed together on a view.
 */
export function fragmentKey(part: string, locale: Locale, kind: string, ...data: unknown[]): string {
  const digest =
    data.length === 1
      ? digestOf(data[0])
      : createHash("sha1")
          .update(data.map((piece) => digestOf(piece)).join("."))
          .digest("base64url")
          .slice(0, 16);
  return `${part}.${config().MERCHANT_CODE}.${locale}.${kind}.${digest}`;
}

function put(key: string, html: string) {
  stored.delete(key);
  stored.set(key, html);
  while (stored.size > FRAGMENTS_MAX) stored.delete(stored.keys().next().value as string);
}

/** The store a page draws with: what the loaders have put in it (ensureFragment). */
export const fragmentStore: FragmentStore = {
  serve(key, { current, token }) {
    const html = stored.get(key);
    if (html === undefined) return undefined;
    put(key, html);
    const marked = markCurrentInMarkup(html, current);
    return marked.includes(CSRF_HOLE) ? marked.replaceAll(CSRF_HOLE, token ? escapeAttribute(token) : "") : marked;
  },
};

/** Marks a part's current entry: elements carry data-menu="id"; an anchor gets aria-current, a <details> opens. */
const MENU_ID = /^[\w-]{1,64}$/;

export function markCurrentInMarkup(html: string, current: string | null | undefined): string {
  if (!current || !MENU_ID.test(current)) return html;
  const attr = `data-menu="${current}"`;
  return html
    .replaceAll(`<a ${attr}`, `<a aria-current="${current === "home" ? "page" : "true"}" ${attr}`)
    .replaceAll(`<details ${attr}`, `<details open="" ${attr}`);
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * Makes sure the store holds this key's markup before the page is drawn, drawing it here (a
 * loader, outside any render) when it does not; the page can then leave the data the part is
 * drawn from out of its loader data.
 */
export async function ensureFragment(locale: Locale, key: string, element: () => ReactElement): Promise<void> {
  if (stored.has(key)) return;
  put(key, await drawFragment(locale, element));
}

/** Whether this request is a document (see server/app.ts); a loader called without the server's context counts as data. */
export function isDocumentRequest(context: unknown): boolean {
  return typeof context === "object" && context !== null && (context as { documentRequest?: unknown }).documentRequest === true;
}

export async function drawFragment(locale: Locale, element: () => ReactElement): Promise<string> {
  const i18n = await i18nFor(locale);
  // A part's forms get the hole in place of a token: each view fills in its visitor's (shared-fragment.tsx).
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <AuthenticityTokenProvider token={CSRF_HOLE}>{element()}</AuthenticityTokenProvider>
    </I18nextProvider>,
  );
}

/** For tests and the bench: what is stored, and a clean slate. */
export function storedFragments(): ReadonlyMap<string, string> {
  return stored;
}
export function forgetFragments() {
  stored.clear();
}
