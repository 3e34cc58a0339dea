/**
 * The operator's own lottery pages, which the portal frames: the demo lottery client a lottery
 * launch opens (/demo-lottery/<ticket>: the game, its open issue and time left, the numbers a
 * quick bet brought, a Back link) and the trend chart (/lottery-trend/<gameCode>). Self-contained
 * HTML: inline CSS, no scripts, nothing external.
 */
import { escapeHtml } from "../games/demo-game";
import type { GameLanguage } from "../games/names";
import type { LotteryGame } from "./catalogue";
import type { IssueState } from "./clock";
import type { DrawRow } from "./store";

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;font-family:system-ui,sans-serif;background:#1a0b0b;color:#fdf2e9;
display:flex;flex-direction:column;align-items:center;gap:16px;padding:24px}
h1{margin:0;font-size:1.5rem}.meta{color:#d6c3b0;font-size:.9rem}.panel{width:min(720px,100%);padding:16px 20px;border-radius:14px;
background:linear-gradient(#5b1010,#2a0707);box-shadow:0 0 0 3px #f5b400}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0}dt{color:#d6c3b0}dd{margin:0;font-weight:700}
.balls{display:flex;flex-wrap:wrap;gap:6px}.ball{width:34px;height:34px;border-radius:50%;display:inline-flex;align-items:center;
justify-content:center;background:radial-gradient(circle at 35% 30%,#fff7d6,#f5b400 55%,#b77900);color:#3b0a0a;font-weight:800}
ul{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:8px}
li{padding:8px 10px;border-radius:8px;background:#2a0707}
table{border-collapse:collapse;width:100%}th,td{padding:4px 6px;border-bottom:1px solid #5b1010;text-align:left;font-variant-numeric:tabular-nums}
td:first-child{white-space:nowrap}
@media (max-width:480px){body{padding:12px}.ball{width:26px;height:26px;font-size:13px}.panel{padding:12px}}
a.back{color:#1a0b0b;background:#f5b400;padding:10px 20px;border-radius:8px;font-weight:700;text-decoration:none}
`;

const page = (title: string, body: string, lang = "en") => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>${body}</body></html>`;

export function ballsHtml(winNo: string): string {
  const parts = winNo.includes(",") ? winNo.split(",") : [...winNo];
  return `<span class="balls">${parts.map((p) => `<span class="ball">${escapeHtml(p)}</span>`).join("")}</span>`;
}

const clock = (seconds: number) =>
  [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60].map((v) => String(v).padStart(2, "0")).join(":");

export interface DemoLotteryPage {
  account: string;
  area: string;
  prizeMode: string;
  view: string;
  game: LotteryGame | null;
  /** The lobby's games, or the long-dragon view's. */
  games: readonly LotteryGame[];
  issue: IssueState | null;
  lastDraw: DrawRow | null;
  betParam: string | null;
  backUrl: string | null;
  lang: GameLanguage;
}

export function demoLotteryHtml(p: DemoLotteryPage): string {
  const back = p.backUrl ? `<a class="back" href="${escapeHtml(p.backUrl)}" target="_top" rel="noopener">Back</a>` : "";
  const title = p.game ? p.game.names[p.lang] : p.view === "long_dragon" ? "Long dragon" : `${p.area} lottery lobby`;
  const facts: [string, string][] = [
    ["Account", p.account],
    ["Area / prize mode", `${p.area} · ${p.prizeMode}`],
    ["View", p.view],
  ];
  if (p.game) {
    facts.push(["Game code", p.game.gameCode]);
    if (p.issue) {
      facts.push(["Open issue", p.issue.numero]);
      facts.push(["Time left to bet", p.issue.isSale ? clock(p.issue.remainTime - p.issue.lockTime) : "--:--:-- (closed for the draw)"]);
    }
  }
  if (p.betParam) facts.push(["Quick-bet numbers", p.betParam]);
  const dl = `<dl>${facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd data-fact="${escapeHtml(k)}">${escapeHtml(v)}</dd>`).join("")}</dl>`;
  const draw = p.lastDraw ? `<p class="meta">Last draw ${escapeHtml(p.lastDraw.numero)}</p>${ballsHtml(p.lastDraw.win_no)}` : "";
  const list = p.games.length
    ? `<ul>${p.games.map((g) => `<li>${escapeHtml(g.names[p.lang])}<br><span class="meta">${escapeHtml(g.gameCode)}</span></li>`).join("")}</ul>`
    : "";
  return page(
    title,
    `<header><h1>${escapeHtml(title)}</h1><p class="meta">Demo lottery client of the reference operator: no real bets are placed.</p></header>
<section class="panel">${dl}</section>${draw ? `<section class="panel">${draw}</section>` : ""}${list ? `<section class="panel">${list}</section>` : ""}
${back}`,
  );
}

/** The trend chart's words in the page's language: [trend, issue, numbers]. */
const TREND_WORDS: Record<GameLanguage, readonly [string, string, string]> = {
  cn: ["走势", "期号", "开奖号码"],
  tw: ["走勢", "期號", "開獎號碼"],
  ja: ["トレンド", "回号", "当選番号"],
  en: ["trend", "Issue", "Numbers"],
  th: ["สถิติ", "งวด", "ผลรางวัล"],
  vi: ["xu hướng", "Kỳ", "Kết quả"],
};

const HTML_LANG: Record<GameLanguage, string> = { cn: "zh-CN", tw: "zh-TW", ja: "ja", en: "en", th: "th", vi: "vi" };

/** The trend chart: the last draws of a game, each number in its column, in the language asked (?language=). */
export function trendHtml(game: LotteryGame, draws: readonly DrawRow[], lang: GameLanguage): string {
  const [trend, issue, numbers] = TREND_WORDS[lang];
  const rows = draws.map((d) => `<tr><td>${escapeHtml(d.numero)}</td><td>${ballsHtml(d.win_no)}</td></tr>`).join("");
  return page(
    `${game.names[lang]} · ${trend}`,
    `<h1>${escapeHtml(game.names[lang])} · ${trend}</h1><section class="panel"><table><thead><tr><th>${issue}</th><th>${numbers}</th></tr></thead><tbody>${rows}</tbody></table></section>`,
    HTML_LANG[lang],
  );
}

export function lotteryNotFoundHtml(): string {
  return page("Lottery session not found", "<h1>Lottery session not found</h1><p>Please open the lottery again from the site.</p>");
}
