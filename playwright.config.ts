/**
 * End-to-end tests: the portal and its embedded reference operator start once for the run,
 * on fixed ports and with a fresh data directory, and every journey runs twice — with
 * scripts (the hydrated Remix app) and without (plain HTML forms).
 */
import { defineConfig } from "@playwright/test";
import { launchOptions } from "./e2e/chromium";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// Overridable so that two checkouts can run their journeys side by side.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const OPERATOR_PORT = Number(process.env.E2E_OPERATOR_PORT ?? 4210);

// The config is loaded by the runner and again by each worker; workers inherit the runner's
// environment, so the directory made here first is the one every process sees. The runner
// removes it when it exits (the web server is stopped by then) unless E2E_KEEP_DATA=1.
if (!process.env.E2E_DATA_DIR) {
  const created = mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
  process.env.E2E_DATA_DIR = created;
  if (process.env.E2E_KEEP_DATA !== "1") {
    process.on("exit", () => rmSync(created, { recursive: true, force: true }));
  }
}
const dataDir = process.env.E2E_DATA_DIR;
process.env.E2E_OPERATOR_URL ??= `http://127.0.0.1:${OPERATOR_PORT}`;
process.env.E2E_BASE_URL ??= `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "e2e",
  // Two runs side by side (scripts/e2e.ts) keep their failures apart.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  // The journeys share the demo accounts (failure counts, sessions): one at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: "chromium",
    launchOptions,
    locale: "zh-CN",
    trace: "retain-on-failure",
  },
  projects: [
    { name: "scripts-on", use: { javaScriptEnabled: true } },
    { name: "scripts-off", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "npx tsx server/start.ts",
    url: `http://127.0.0.1:${PORT}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      REFERENCE_OPERATOR_PORT: String(OPERATOR_PORT),
      DATA_DIR: dataDir,
      LOGIN_RATE_LIMIT_PER_IP: "1000",
      LOGIN_RATE_LIMIT_PER_USERNAME: "1000",
      REFERENCE_OPERATOR_LOGIN_LIMIT: "1000",
      // The journeys of social and Telegram sign-in run against the reference operator's test doubles.
      REFERENCE_OPERATOR_SOCIAL: "1",
      // A publicity pop-up after every login would stand over each journey's first page: the
      // publicity journey adds its own (e2e/publicity.spec.ts).
      REFERENCE_OPERATOR_NO_PUBLICITY: "1",
      ACCESS_LOG: "0",
      // Journeys flip whitelabel switches in the reference operator; settings are not cached.
      OPERATOR_CACHE_MS: "0",
      // The site-state journeys turn maintenance on and off: every view reads the status.
      SITE_STATUS_MS: "0",
      // The money journeys reset the operator's connection on purpose (decision 035): the next
      // journey must not find the circuit open.
      OPERATOR_BREAKER_MS: "0",
    },
  },
});
