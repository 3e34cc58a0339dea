import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

/**
 * Tests that serve the built portal (build/, tests/support/live-portal.ts) run in a project of
 * their own: its global setup builds the portal first when build/ is missing or older than app/,
 * so `vitest run` passes on a fresh clone, and running only other tests never waits for a build.
 */
const BUILT = [
  "tests/server/client-checks-bundle.test.ts",
  "tests/server/fuzz.test.ts",
  "tests/server/guest-page-cache.test.ts",
  "tests/server/hostile-input.test.ts",
  "tests/server/hsts.test.ts",
  "tests/server/post-limits.test.ts",
  "tests/server/shared-fragments.test.ts",
  "tests/server/site-state.test.ts",
];

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      // A virtual module of the Remix compiler (robots.txt and sitemap.xml read its route table).
      "@remix-run/dev/server-build": fileURLToPath(new URL("./tests/support/server-build.ts", import.meta.url)),
    },
  },
  test: {
    globals: true,
    environment: "node",
    testTimeout: 20000,
    hookTimeout: 30000,
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/**/*.test.{ts,tsx}"], exclude: BUILT } },
      { extends: true, test: { name: "built", include: BUILT, globalSetup: ["tests/support/build-portal.ts"] } },
    ],
  },
});
