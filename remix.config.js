/** Remix 2 with its classic compiler (esbuild). @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // remix-utils 7 ships ESM only; bundle it so the server build resolves it the same way everywhere.
  serverDependenciesToBundle: [/^remix-utils.*/, /^is-ip/, /^ip-regex/, /^super-regex/, /^function-timeout/, /^time-span/, /^convert-hrtime/, /^clone-regexp/, /^is-regexp/],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
