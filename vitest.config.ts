import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

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
    include: ["tests/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
