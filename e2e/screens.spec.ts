/**
 * Six key pages as pictures (issue 24, "CSS by area"): the stylesheets were split by area and
 * their repeated rules folded into primitives, which must change nothing a player sees. Each page
 * is compared whole (full page: a rule lost below the fold counts too) on a desktop (1280×800)
 * and a phone (390×844) against the baselines in screens.spec.ts-snapshots/.
 *
 * What moves is held still: animations and the caret by toHaveScreenshot's defaults, the clock
 * by page.clock, and what other journeys or the draw change (balances, lottery issues and their
 * countdowns) is masked, and the counts that journeys change (badges, the bonus pop-up) are hidden
 * by screens.css. Scripts-on only: without scripts the same documents
 * load the same stylesheets, and the comparison is of the CSS, not of the behaviour.
 */
import { fileURLToPath } from "node:url";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { AGENT, loginAs, open, PLAYER, type Account } from "./helpers";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

interface Screen {
  name: string;
  path: string;
  account?: Account;
}

const SCREENS: Screen[] = [
  { name: "login", path: "/login" },
  { name: "home", path: "/" },
  { name: "electron", path: "/electron?page=hot" },
  { name: "lott", path: "/lott" },
  { name: "member", path: "/member", account: PLAYER },
  { name: "agent", path: "/agent", account: AGENT },
];

/** What changes from run to run whatever the stylesheets say. */
function moving(page: Page): Locator[] {
  return [
    page.locator("[data-testid$='balance'], [data-testid='wallet-total']"),
    page.locator(".captcha img"),
    page.locator("[role='timer'], [data-testid$='countdown'], [data-testid$='numero'], [data-testid='vn-issue']"),
    // The reference operator draws by the real clock: issue numbers and balls change every few minutes.
    page.locator(".lottery-balls, .trend-strip__numero, .draw-list__numero, .quick-bet__next, .quick-bet__numbers"),
    // So does the team's betting of this month and the last, counted over windows of the real date.
    page.locator(".agent-months td.numeric"),
    // Home's jackpot grows with the real time and ticks in the page; the banners turn by themselves.
    page.locator("[data-testid='jackpot'], .banners__track, .banner-carousel__dots"),
  ];
}

// screens.css is injected as a <style> element, which the portal's CSP (a nonce per response)
// would refuse; the pictures are of the stylesheets, not of the headers.
test.use({ bypassCSP: true });

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the pictures are of the stylesheets, which scripts do not change");

for (const screen of SCREENS) {
  for (const viewport of VIEWPORTS) {
    test(`${screen.name} at ${viewport.width}×${viewport.height} looks as before`, async ({ page }, testInfo) => {
      await page.clock.install({ time: new Date("2026-01-15T04:00:00Z") });
      if (screen.account) await loginAs(page, screen.account, testInfo);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      // Home's banners turn and its jackpot ticks: still for a visitor who asks for reduced motion.
      if (screen.name === "home") await page.emulateMedia({ reducedMotion: "reduce" });
      await open(page, screen.path, testInfo);
      await page.evaluate(() => document.fonts.ready);
      await expect(page).toHaveScreenshot(`${screen.name}-${viewport.name}.png`, {
        fullPage: true,
        mask: moving(page),
        stylePath: fileURLToPath(new URL("screens.css", import.meta.url)),
      });
    });
  }
}
