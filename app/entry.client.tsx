import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nOptions, NAMESPACES } from "~/i18n/config";
import { holdUntilHydrated } from "~/lib/client-ready";

async function hydrate() {
  // The server rendered the page in the language it detected and wrote it on <html>.
  const lng = document.documentElement.dataset.locale ?? i18nOptions.fallbackLng;
  await i18next
    .use(initReactI18next)
    // The namespaces a page needs come from /locales as JSON: the browser's own fetch, no ponyfill.
    .use(resourcesToBackend((lng: string, ns: string) => fetch(`/locales/${lng}/${ns}.json`).then((r) => r.json())))
    .init({
      ...i18nOptions,
      lng,
      ns: getInitialNamespaces(),
    });

  // The first view loads only its own namespaces. Once the page is idle, the other areas' text
  // follows (a few KB, cached), so that a client-side navigation never shows a bare key.
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1500));
  idle(() => void i18next.loadNamespaces([...NAMESPACES]));

  holdUntilHydrated();
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
