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

// ── The mini view (the portal's mini-game, decision 049) ──────────────────────────────────

const MINI_STYLE = `
*{box-sizing:border-box}body{margin:0;font:14px/1.4 system-ui,sans-serif;background:#1a0b0b;color:#fdf2e9;padding:10px;display:grid;gap:8px}
h1{margin:0;font-size:1rem}.meta{color:#d6c3b0;font-size:.8rem;margin:0}.balls{display:flex;flex-wrap:wrap;gap:4px}
.ball{width:24px;height:24px;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;
background:radial-gradient(circle at 35% 30%,#fff7d6,#f5b400 55%,#b77900);color:#3b0a0a;font-weight:800;font-size:12px}
form{display:grid;gap:8px}.picks{display:flex;gap:4px}select{flex:1;min-width:0;padding:4px 0;font:inherit;border-radius:6px}
button,a.bet{border:0;border-radius:8px;padding:8px 12px;font:inherit;font-weight:700;background:#f5b400;color:#1a0b0b;text-decoration:none;text-align:center;cursor:pointer}
.panel{padding:8px 10px;border-radius:10px;background:linear-gradient(#5b1010,#2a0707);box-shadow:0 0 0 2px #f5b400}
.picked{display:grid;gap:6px}.closed{color:#fca5a5}
`;

/** The mini page's words: [open issue, time left, closed, last draw, pick, bet, your bet, open the full game, invalid]. */
const MINI_WORDS: Record<GameLanguage, readonly string[]> = {
  cn: ["当前期号", "投注剩余", "封盘开奖中", "上期开奖", "选择号码", "投注", "您的号码", "到完整游戏确认投注", "号码无效，请重选"],
  tw: ["當前期號", "投注剩餘", "封盤開獎中", "上期開獎", "選擇號碼", "投注", "您的號碼", "到完整遊戲確認投注", "號碼無效，請重選"],
  ja: [
    "現在の回号",
    "締切まで",
    "抽選中（締切）",
    "前回の当選番号",
    "番号を選ぶ",
    "ベット",
    "選んだ番号",
    "フルゲームで確定する",
    "番号が無効です",
  ],
  en: [
    "Open issue",
    "Time left to bet",
    "Closed for the draw",
    "Last draw",
    "Pick your numbers",
    "Bet",
    "Your numbers",
    "Confirm in the full game",
    "Those numbers are not valid",
  ],
  th: ["งวดปัจจุบัน", "เวลาที่เหลือ", "ปิดรับเพื่อออกรางวัล", "ผลงวดก่อน", "เลือกหมายเลข", "แทง", "หมายเลขของคุณ", "ยืนยันในเกมเต็ม", "หมายเลขไม่ถูกต้อง"],
  vi: [
    "Kỳ hiện tại",
    "Thời gian còn lại",
    "Đã khóa để quay số",
    "Kỳ trước",
    "Chọn số",
    "Đặt cược",
    "Số của bạn",
    "Xác nhận trong trò chơi đầy đủ",
    "Số không hợp lệ",
  ],
};

export interface MiniLotteryPage {
  /** The launch's area: the SEA lottery's full game is its own page, without numbers. */
  area: string;
  game: LotteryGame;
  issue: IssueState;
  lastDraw: DrawRow | null;
  /** The numbers the form sent (?n=…), one per position. */
  picked: readonly string[];
  /** The Bet button was pressed. */
  bet: boolean;
  /** The portal's address the launch named (its backUrl): the full game opens there. */
  portalUrl: string | null;
  lang: GameLanguage;
}

const PICKS = 5;
/** A position's numbers: 11X5 draws 01–11 without repeats; the other kinds a digit each. */
const poolOf = (game: LotteryGame) =>
  game.kind === "11X5"
    ? Array.from({ length: 11 }, (_, i) => String(i + 1).padStart(2, "0"))
    : Array.from({ length: 10 }, (_, i) => String(i));

function validPick(game: LotteryGame, picked: readonly string[]): boolean {
  const pool = poolOf(game);
  if (picked.length !== PICKS || !picked.every((n) => pool.includes(n))) return false;
  return game.kind !== "11X5" || new Set(picked).size === PICKS;
}

/** Where the full game takes the numbers: the portal's /lottery quick bet, or the SEA lottery's page. */
function fullGameHref(p: MiniLotteryPage, numbers: readonly string[]): string | null {
  if (!p.portalUrl) return null;
  const sea = p.area === "SEA";
  const q = new URLSearchParams({ gameCode: p.game.gameCode });
  if (!sea) q.set("bet_param", numbers.join(","));
  try {
    return new URL(`${sea ? "/seaLottery" : "/lottery"}?${q}`, p.portalUrl).href;
  } catch {
    return null;
  }
}

/**
 * The mini view: one game's open issue and time left, the last draw, five numbers to pick and a
 * Bet that names the numbers for the open issue and opens the full game with them (a new window:
 * the mini frame may not navigate the portal's tab). No scripts: the form asks this page again.
 */
export function miniLotteryHtml(p: MiniLotteryPage): string {
  const [issueWord, leftWord, closedWord, lastWord, pickWord, betWord, yoursWord, fullWord, invalidWord] = MINI_WORDS[p.lang];
  const pool = poolOf(p.game);
  const valid = validPick(p.game, p.picked);
  const chosen = valid ? p.picked : pool.slice(0, PICKS);
  const selects = chosen
    .map(
      (value, i) =>
        `<select name="n" aria-label="${escapeHtml(pickWord)} ${i + 1}">${pool
          .map((n) => `<option${n === value ? " selected" : ""}>${n}</option>`)
          .join("")}</select>`,
    )
    .join("");
  const time = p.issue.isSale
    ? `<p class="meta">${leftWord} <strong data-fact="time-left">${clock(p.issue.remainTime - p.issue.lockTime)}</strong></p>`
    : `<p class="meta closed">${closedWord}</p>`;
  const href = valid ? fullGameHref(p, p.picked) : null;
  const answer = !p.bet
    ? ""
    : valid
      ? `<section class="panel picked" data-mini-bet><p>${yoursWord} · ${escapeHtml(p.issue.numero)}</p>${ballsHtml(p.picked.join(","))}${
          href ? `<a class="bet" href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${fullWord}</a>` : ""
        }</section>`
      : `<p class="closed" role="alert">${invalidWord}</p>`;
  const draw = p.lastDraw ? `<p class="meta">${lastWord} ${escapeHtml(p.lastDraw.numero)}</p>${ballsHtml(p.lastDraw.win_no)}` : "";
  return `<!doctype html>
<html lang="${HTML_LANG[p.lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(p.game.names[p.lang])}</title><style>${MINI_STYLE}</style></head>
<body data-mini-game="${escapeHtml(p.game.gameCode)}"><h1>${escapeHtml(p.game.names[p.lang])}</h1>
<p class="meta">${issueWord} <strong data-fact="issue">${escapeHtml(p.issue.numero)}</strong></p>${time}
<form method="get"><span class="meta">${pickWord}</span><div class="picks">${selects}</div><button name="bet" value="1"${
    p.issue.isSale ? "" : " disabled"
  }>${betWord}</button></form>${answer}${draw ? `<section>${draw}</section>` : ""}</body></html>`;
}

export function lotteryNotFoundHtml(): string {
  return page("Lottery session not found", "<h1>Lottery session not found</h1><p>Please open the lottery again from the site.</p>");
}
