import { chromium } from "playwright";
const BASE = "http://127.0.0.1:3360";
const pages = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"] });
for (const [w, h, tag] of [[1280, 800, "d"], [390, 844, "m"]]) {
  for (const js of [true, false]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, javaScriptEnabled: js });
    const page = await ctx.newPage();
    if (process.env.LOGIN) {
      await page.goto(BASE + "/login");
      await page.fill('input[name=username]', process.env.LOGIN.split(":")[0]);
      await page.fill('input[name=password]', process.env.LOGIN.split(":")[1]);
      await page.click('form:has(input[name=password]) button[type=submit]');
      await page.waitForURL((u) => !u.pathname.startsWith("/login"));
    }
    for (const p of pages) {
      await page.goto(BASE + p);
      await page.waitForTimeout(js ? 800 : 100);
      const name = `/tmp/shots/${(process.env.LOGIN ? "p" : "g")}-${p.replace(/[^a-z0-9]+/gi, "_")}-${tag}-${js ? "js" : "nojs"}.png`;
      await page.screenshot({ path: name, fullPage: !!process.env.FULL });
    }
    await ctx.close();
  }
}
await browser.close();
