import { PassThrough } from "node:stream";
import { randomBytes } from "node:crypto";
import type { EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18next, getLocale } from "./i18n/i18n.server";
import { i18nOptions } from "./i18n/config";
import { resources } from "./i18n/resources";
import { NonceProvider } from "./lib/nonce";
import { securityHeaders } from "./lib/security-headers.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = randomBytes(16).toString("base64");
  const instance = createInstance();
  const lng = await getLocale(request);
  await instance.use(initReactI18next).init({
    ...i18nOptions,
    lng,
    ns: i18next.getRouteNamespaces(remixContext).concat(i18nOptions.ns),
    resources,
  });

  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  securityHeaders(responseHeaders, nonce);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  securityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // The message and stack only: a Request object would print its headers, cookies included.
  console.error(error instanceof Error ? error.stack ?? error.message : String(error));
}
