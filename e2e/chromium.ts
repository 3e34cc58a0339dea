/** Debian's Chromium and its flags on this network: the Playwright journeys and the bench's fold measurement drive it alike. */
import type { LaunchOptions } from "@playwright/test";

export const launchOptions: LaunchOptions = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};
