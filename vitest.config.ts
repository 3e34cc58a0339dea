import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    globals: true,
    include: ["tests/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
