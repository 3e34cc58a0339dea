/**
 * The demo game page a launch URL opens (/demo-game/<ticket>): the vendor's page, not the
 * portal's, so self-contained (inline CSS, the icon inlined, no scripts, no external resources).
 * Shows the game, its vendor, the player's account (never a token) and a fake reel or table.
 */
import { squareIcon, initials } from "./icons";

export interface DemoGamePage {
  gameName: string;
  vendorName: string;
  vendorCode: string;
  gameType: string;
  nodeId: number;
  /** The member's account, or "Trial" for a trial launch. */
  account: string;
  trial: boolean;
  /** The portal page to return to; shown only when it is an http(s) URL. */
  backUrl: string | null;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The back link's target: an absolute http(s) URL, else none. */
export function safeBackUrl(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2048) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

const SYMBOLS = ["7", "★", "♦", "♣", "♥", "♠", "●", "▲"];

function reels(seed: number): string {
  const column = (offset: number) =>
    `<div class="reel"><div class="strip" style="animation-delay:-${offset * 0.37}s">${[...SYMBOLS, ...SYMBOLS]
      .map((s, i) => `<span>${SYMBOLS[(i + seed + offset) % SYMBOLS.length] ?? s}</span>`)
      .join("")}</div></div>`;
  return `<div class="machine">${[0, 1, 2, 3, 4].map(column).join("")}</div>`;
}

function table(): string {
  const card = (label: string) => `<div class="card">${label}</div>`;
  return `<div class="table"><div class="seat">${card("A♠")}${card("K♥")}</div><div class="chip">100</div><div class="seat">${card("9♦")}${card(
    "Q♣",
  )}</div></div>`;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;font-family:system-ui,sans-serif;background:#0b1020;color:#f3f4f6;
display:flex;flex-direction:column;align-items:center;gap:16px;padding:24px}
header{display:flex;align-items:center;gap:16px;width:100%;max-width:720px}
header svg{width:72px;height:72px;flex:none}h1{margin:0;font-size:1.4rem}.meta{color:#9ca3af;font-size:.9rem}
.account{margin-left:auto;padding:6px 12px;border-radius:999px;background:#1f2937;font-weight:600}
.machine{display:flex;gap:8px;padding:16px;border-radius:16px;background:linear-gradient(#3b0764,#1e1b4b);box-shadow:0 0 0 4px #f5b400}
.reel{width:64px;height:192px;overflow:hidden;border-radius:8px;background:#fff;color:#111}
.strip{display:flex;flex-direction:column;animation:spin 1.2s linear infinite}
.strip span{height:64px;display:flex;align-items:center;justify-content:center;font-size:36px;font-weight:700}
@keyframes spin{from{transform:translateY(-512px)}to{transform:translateY(0)}}
.table{display:flex;flex-direction:column;align-items:center;gap:24px;width:min(640px,100%);padding:32px;border-radius:200px;
background:radial-gradient(#166534,#052e16);border:8px solid #78350f}
.seat{display:flex;gap:8px}.card{width:56px;height:80px;border-radius:6px;background:#fff;color:#111;display:flex;
align-items:center;justify-content:center;font-size:22px;font-weight:700}
.chip{width:56px;height:56px;border-radius:50%;background:#dc2626;border:5px dashed #fff;display:flex;align-items:center;
justify-content:center;font-weight:700;animation:pulse 1.5s ease-in-out infinite}
@keyframes pulse{50%{transform:scale(1.15)}}
a.back{color:#0b1020;background:#f5b400;padding:10px 20px;border-radius:8px;font-weight:700;text-decoration:none}
@media (prefers-reduced-motion:reduce){.strip,.chip{animation:none}}
`;

export function demoGameHtml(page: DemoGamePage): string {
  const icon = squareIcon(`game:${page.nodeId}`, initials(page.gameName), page.vendorCode);
  const graphic = page.gameType === "RNG" || page.gameType === "FISH" ? reels(page.nodeId) : table();
  const back = page.backUrl ? `<a class="back" href="${escapeHtml(page.backUrl)}" rel="noopener">Back</a>` : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(page.gameName)} · ${escapeHtml(page.vendorName)}</title>
<style>${STYLE}</style></head>
<body>
<header>${icon}<div><h1>${escapeHtml(page.gameName)}</h1><div class="meta">${escapeHtml(page.vendorName)} · ${escapeHtml(page.gameType)}${
    page.trial ? " · Trial mode" : ""
  }</div></div><div class="account" data-account>${escapeHtml(page.account)}</div></header>
<main>${graphic}</main>
<p class="meta">Demo game of the reference operator: no real bets are placed.</p>
${back}
</body></html>`;
}

export function notFoundHtml(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Game session not found</title>
<style>body{font-family:system-ui,sans-serif;background:#0b1020;color:#f3f4f6;display:flex;align-items:center;justify-content:center;min-height:100vh;margin:0}</style>
</head><body><main><h1>Game session not found</h1><p>This game session has ended or never existed. Please launch the game again.</p></main></body></html>`;
}
