/**
 * What a first visit to a page downloads above the fold: the HTML, its stylesheets and the
 * images the browser loads for the first screen (1280×800). Lazy images below the fold are not
 * loaded by the browser, so a real browser (Debian's Chromium, as the Playwright journeys use)
 * tells which images count; scripts are off, so only HTML, CSS and images are fetched.
 */
import { chromium } from "@playwright/test";
import { launchOptions } from "../e2e/chromium";

export interface FoldBytes {
  url: string;
  html: number;
  css: number;
  images: number;
  imageCount: number;
}

/** Bytes over the wire (encoded: gzip where served gzipped) by kind, for each page. */
export async function foldBytes(pages: { url: string; cookie?: string }[]): Promise<FoldBytes[]> {
  const browser = await chromium.launch(launchOptions);
  try {
    const out: FoldBytes[] = [];
    for (const page of pages) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
      if (page.cookie) {
        const origin = new URL(page.url);
        await context.addCookies(
          page.cookie.split(/;\s*/).map((pair) => {
            const eq = pair.indexOf("=");
            return { name: pair.slice(0, eq), value: pair.slice(eq + 1), domain: origin.hostname, path: "/" };
          }),
        );
      }
      const tab = await context.newPage();
      const sizes = { html: 0, css: 0, images: 0, imageCount: 0 };
      const pending: Promise<void>[] = [];
      tab.on("requestfinished", (request) => {
        pending.push(
          request.sizes().then((s) => {
            const bytes = s.responseBodySize + s.responseHeadersSize;
            const kind = request.resourceType();
            if (kind === "document") sizes.html += bytes;
            else if (kind === "stylesheet") sizes.css += bytes;
            else if (kind === "image") {
              sizes.images += bytes;
              sizes.imageCount++;
            }
          }),
        );
      });
      await tab.goto(page.url, { waitUntil: "networkidle" });
      await Promise.all(pending);
      out.push({ url: page.url, ...sizes });
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}
