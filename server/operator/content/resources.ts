/**
 * The app resources of the consolidated settings (document 001, section 3: resourceType, url,
 * qrCodeUrl) and the pages they lead to: a stand-in install page per platform, the portal's
 * speed test, a tiny file for timing and the WeChat QR code. The install guide rides along in
 * the request's language.
 */
import { rawReply, type RouteContext, type RouteDef } from "../http";
import { qrSvg, SVG_HEADERS, SVG_TYPE } from "./svg";
import { downloadGuide, escapeText, langOf } from "./texts";

export interface AppResource {
  resourceType: string;
  url: string;
  qrCodeUrl: string;
}

export function appResources(publicUrl: string): AppResource[] {
  const base = `${publicUrl}/demo-content`;
  return [
    { resourceType: "IOS", url: `${base}/app/ios`, qrCodeUrl: "" },
    { resourceType: "Android", url: `${base}/app/android`, qrCodeUrl: "" },
    { resourceType: "H5", url: `${base}/app/h5`, qrCodeUrl: "" },
    // The portal's own speed-test page (a path of the site the portal runs on: this operator does
    // not know under which name a visitor reaches it). The login's side menu offers it.
    { resourceType: "SpeedTest", url: "/speed-test", qrCodeUrl: "" },
    { resourceType: "WECHAT", url: "", qrCodeUrl: `${base}/qr/wechat.svg` },
    // An address without a picture: the portal draws its QR code (the tool bar's QQ entry).
    { resourceType: "QQ", url: "https://qm.qq.com/q/demo-portal", qrCodeUrl: "" },
  ];
}

/** The six install steps in the language of the request's Language header. */
export const downloadGuideFor = (ctx: RouteContext) => downloadGuide(langOf(ctx.req.headers.language));

const PLATFORMS: Record<string, string> = { ios: "iOS", android: "Android", h5: "H5" };

const PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
};

export const resourceRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/demo-content/app/:platform",
    access: "public",
    body: "none",
    handler(ctx) {
      const platform = PLATFORMS[ctx.params.platform];
      if (!platform) return rawReply(404, "text/plain; charset=utf-8", "Not found", { "Cache-Control": "no-store" });
      const steps = downloadGuide(langOf(ctx.url.searchParams.get("lang")))
        .map((s) => `<li><strong>${escapeText(s.title)}</strong> ${escapeText(s.text)}</li>`)
        .join("");
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${platform} app</title><style>body{margin:0;min-height:100vh;font-family:system-ui,sans-serif;background:#0b1020;color:#f3f4f6;
display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;padding:24px}ol{max-width:36rem;line-height:1.6}</style></head>
<body><h1 data-platform="${ctx.params.platform}">${platform} app</h1>
<p>Demo of the reference operator: the ${platform} app would install here.</p><ol>${steps}</ol></body></html>`;
      return rawReply(200, "text/html; charset=utf-8", html, PAGE_HEADERS);
    },
  },
  {
    // Timed by the portal's speed test from the browser, on another origin: readable anywhere, never cached.
    method: "GET",
    path: "/demo-content/ping.txt",
    access: "public",
    body: "none",
    handler() {
      return rawReply(200, "text/plain; charset=utf-8", "pong\n", {
        "Access-Control-Allow-Origin": "*",
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      });
    },
  },
  {
    method: "GET",
    path: "/demo-content/qr/wechat.svg",
    access: "public",
    body: "none",
    handler() {
      return rawReply(200, SVG_TYPE, qrSvg("wechat"), SVG_HEADERS);
    },
  },
];
