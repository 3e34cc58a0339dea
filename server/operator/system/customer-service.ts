/**
 * The merchant's customer-service entries (document 000, section 3; document 001, section 3) as
 * the consolidated settings answer them: one with an encrypted path (type 3: the last 8
 * characters are the DES key, the rest the cipher text), one plain, and one per club label (the
 * portal shows a player the entries of their label, or else the entries without a label). They
 * lead to the operator's demo service page (/demo-service/:channel), so a test can open them.
 */
import { desEncrypt } from "../../../app/lib/des";
import { escapeHtml } from "../games/demo-game";
import { rawReply, type RouteDef } from "../http";
import { VIP_LABELS } from "../member/seed";

/** A key of eight characters, as the operator's back office would generate per entry. */
const ENTRY_KEY = "k7Qp2xWz";

export interface CustomerServiceEntry {
  type: number;
  csType: string;
  csPosition: number;
  title: string;
  path: string;
  labelIds: number[];
  target: string;
}

export function customerServiceEntries(publicUrl: string): CustomerServiceEntry[] {
  const page = (channel: string) => `${publicUrl}/demo-service/${channel}`;
  return [
    {
      type: 3,
      csType: "LIVECHAT",
      csPosition: 1,
      title: "在线客服",
      path: desEncrypt(page("livechat"), ENTRY_KEY) + ENTRY_KEY,
      labelIds: [],
      target: "_blank",
    },
    { type: 1, csType: "COMM100", csPosition: 2, title: "Comm100", path: page("comm100"), labelIds: [], target: "_blank" },
    ...VIP_LABELS.map((label) => ({
      type: 1,
      csType: "COMM100VIP",
      csPosition: 3,
      title: `${label.name} VIP`,
      path: page(`vip-${label.name.toLowerCase()}`),
      labelIds: [label.labelId],
      target: "_blank",
    })),
  ];
}

export const customerServiceRoutes: RouteDef[] = [
  {
    // What an entry opens: a stand-in for the chat provider's page.
    method: "GET",
    path: "/demo-service/:channel",
    access: "public",
    body: "none",
    handler(ctx) {
      const channel = ctx.params.channel.replace(/[^\w-]/g, "").slice(0, 32);
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Customer service</title><style>body{margin:0;min-height:100vh;font-family:system-ui,sans-serif;background:#0b1020;color:#f3f4f6;
display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;padding:24px;text-align:center}</style></head>
<body><h1>Customer service</h1><p data-channel="${escapeHtml(channel)}">${escapeHtml(channel)}</p>
<p>Demo chat of the reference operator: an agent would answer here.</p></body></html>`;
      return rawReply(200, "text/html; charset=utf-8", html, { "Cache-Control": "no-store" });
    },
  },
];
