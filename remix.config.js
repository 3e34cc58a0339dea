import { flatRoutes } from "remix-flat-routes";

/**
 * Remix 2 with its classic compiler (esbuild). Routes live in area folders (remix-flat-routes'
 * hybrid routes: `_auth+/login.tsx` is /login); a route's server helpers sit beside it as
 * `<route>.server.ts` and are not routes. See docs/adding-a-page.md.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  // Remix's own convention is switched off: flatRoutes reads app/routes.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      ignoredRouteFiles: ["**/.*", "**/*.test.*", "**/*.server.*", "**/*.client.*", "**/*.view.*"],
    }),
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // remix-utils 7 ships ESM only; bundle it so the server build resolves it the same way everywhere.
  serverDependenciesToBundle: [
    /^remix-utils.*/,
    /^is-ip/,
    /^ip-regex/,
    /^super-regex/,
    /^function-timeout/,
    /^time-span/,
    /^convert-hrtime/,
    /^clone-regexp/,
    /^is-regexp/,
  ],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
