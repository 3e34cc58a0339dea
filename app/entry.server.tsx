import { Writable } from "node:stream";
import { randomBytes } from "node:crypto";
import type { EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { getLocale } from "~/i18n/i18n.server";
import { i18nFor } from "~/i18n/instances.server";
import { FragmentStoreContext } from "~/components/shared-fragment";
import { fragmentStore } from "~/server/fragments.server";
import { NonceProvider } from "~/lib/nonce";
import { securityHeaders } from "~/server/security-headers.server";
import { chatFrameSources } from "~/features/chat/chat.server";
import { miniGameFrameSources } from "~/features/mini-game/mini-game.server";
import { carryRetryAfter } from "~/server/rate-limit.server";
import { siteGate, siteState } from "~/features/site/site-state.server";
import { getSession } from "~/server/session.server";
import { cachedGuestPage, guestPageKey, storeGuestPage } from "~/server/page-cache.server";

/** For the tests and the bench, which load this build: how the guest pages' store is doing. */
export { guestPageStats } from "~/server/page-cache.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = randomBytes(16).toString("base64");
  const locale = await getLocale(request);
  const instance = await i18nFor(locale);

  const { actionHeaders, loaderHeaders, loaderData } = remixContext.staticHandlerContext;
  // A page that shows the chat or the mini-game may frame it: its origin is named for that page only (decisions 048, 049).
  securityHeaders(responseHeaders, nonce, [...chatFrameSources(loaderData), ...miniGameFrameSources(loaderData)]);
  privateWhenSession(request, responseHeaders);
  carryRetryAfter(responseStatusCode, responseHeaders, [actionHeaders, loaderHeaders]);

  // A guest's page drawn before for the same address, language and loader data (decision 042).
  const guestToken = guestPageToken(request, responseStatusCode, remixContext);
  const pageKey = guestToken ? guestPageKey(request.url, locale, remixContext.serverHandoffString, guestToken) : null;
  if (pageKey && guestToken) {
    const html = cachedGuestPage(pageKey, guestToken, nonce);
    if (html !== null) {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      return new Response(html, { headers: responseHeaders, status: responseStatusCode });
    }
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let abortRender = () => {};
    const timer = setTimeout(() => abortRender(), ABORT_DELAY);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={instance}>
          <FragmentStoreContext.Provider value={fragmentStore}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </FragmentStoreContext.Provider>
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        // The page is written when every part is drawn, deferred parts too (components/deferred.tsx,
        // whose module may still be loading on a process's first view): React then writes each in
        // place, never out of line behind a script, and with no limit on a part's size. Collected
        // into one body, it goes through compression and the socket as one write instead of some
        // twenty stream chunks, each a zlib job of its own (issue 25: a fifth of a page view's CPU
        // went there).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          const chunks: Uint8Array[] = [];
          const body = new Writable({
            write(chunk: Uint8Array, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              // A finished page needs no abort: the timer would hold the render for 5 s more.
              clearTimeout(timer);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const page = Buffer.concat(chunks);
              if (pageKey && guestToken && responseStatusCode === 200) storeGuestPage(pageKey, page.toString("utf8"), guestToken, nonce);
              resolve(new Response(page, { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    abortRender = abort;
  });
}

/**
 * The form token of a page that may be kept for other guests: a plain GET answered 200 without
 * errors and without a loader's no-store, drawn for a visitor who is not logged in (the root's data says so). Null otherwise.
 */
function guestPageToken(request: Request, status: number, remixContext: EntryContext): string | null {
  const { actionData, errors, loaderData, loaderHeaders } = remixContext.staticHandlerContext;
  if (request.method !== "GET" || status !== 200 || errors || actionData || remixContext.isSpaMode) return null;
  // A loader that says no-store draws a page of its moment (the speed test's figures): kept, it would never be asked for again.
  if (Object.values(loaderHeaders).some((h) => /no-store/i.test(h.get("Cache-Control") ?? ""))) return null;
  const root = loaderData.root as { player?: unknown; csrfToken?: unknown } | undefined;
  if (!root || root.player !== null || typeof root.csrfToken !== "string" || root.csrfToken.length < 16) return null;
  return root.csrfToken;
}

export const handleDataRequest: HandleDataRequestFunction = async (response, { request, context }) => {
  // A client navigation's loaders do not pass the root's gate: a closed site answers its page here.
  // The state is held for the process, so an open site costs no call and no session read here.
  const locale = request.method === "GET" ? await getLocale(request) : null;
  if (locale && (await siteState(locale))) {
    const closed = await siteGate(context, await getSession(request), locale);
    if (closed) {
      closed.headers.set("X-Remix-Catch", "yes");
      response = closed;
    }
  }
  securityHeaders(response.headers);
  privateWhenSession(request, response.headers);
  carryRetryAfter(response.status, response.headers);
  return response;
};

/**
 * A page or data answer drawn for a session (a logged-in player's name and balance, a flash
 * message) is never stored: not by a shared cache, and not by the browser, whose Back button
 * would otherwise show the member page again after logout.
 */
function privateWhenSession(request: Request, headers: Headers) {
  if (/(?:^|;\s*)__session=/.test(request.headers.get("Cookie") ?? "")) headers.set("Cache-Control", "private, no-store");
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // The message and stack only: a Request object would print its headers, cookies included.
  if (isRouteErrorResponse(error)) {
    if (error.status >= 500) console.error(`${error.status} ${error.statusText}`);
    return;
  }
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
}
