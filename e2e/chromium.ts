/** Debian's Chromium and its flags on this network: the Playwright journeys and the bench's fold measurement drive it alike. */
import type { LaunchOptions } from "@playwright/test";
import { existsSync } from "node:fs";

// Debian's old headless shell (package chromium-headless-shell) is the browser Playwright itself
// runs headless; the full Chromium in its new headless mode draws the same pages about half again
// slower, which on a 2-core machine is most of the journeys' time. The full one is the fallback.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

export const launchOptions: LaunchOptions = {
  executablePath: process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};
