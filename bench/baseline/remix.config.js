/**
 * The bench's baseline: a bare Remix 2 app with the classic compiler and the portal's server
 * settings (ESM server build for node), so that `npm run bench` can say what the framework
 * alone costs on the same machine. Packages resolve from the repository's node_modules.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ["**/.*"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
