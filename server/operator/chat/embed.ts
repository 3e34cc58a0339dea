/**
 * The stand-in live-chat provider's embed page (decision 048): what the portal's chat frame
 * shows. Self-contained like the demo game page (inline CSS, no scripts, nothing loaded): the
 * member's latest messages and a form to send one. The token rides in the form, never in a
 * cookie: the page lives in a frame of another site, where third-party cookies are refused.
 */
import { escapeHtml } from "../games/demo-game";
import type { ChatMessageRow } from "./store";

export const EMBED_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  // Framed by the portal (any origin: a provider serves many sites); posts only to itself.
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'",
};

const TEXTS = {
  zh: {
    title: "在线客服",
    send: "发送",
    placeholder: "输入消息…",
    you: "我",
    agent: "客服",
    expired: "聊天已过期，请关闭后重新打开。",
    label: "消息",
  },
  en: {
    title: "Live chat",
    send: "Send",
    placeholder: "Type a message…",
    you: "You",
    agent: "Service",
    expired: "This chat has expired: close it and open it again.",
    label: "Message",
  },
} as const;

export type EmbedLanguage = keyof typeof TEXTS;

const STYLE = `*{box-sizing:border-box}html,body{height:100%}body{margin:0;display:flex;flex-direction:column;font:15px/1.4 system-ui,sans-serif;
background:#f4f5f7;color:#111827}header{padding:10px 14px;background:var(--c,#1f2937);color:#fff;font-weight:600}
ol{flex:1;margin:0;padding:12px;list-style:none;overflow:auto;display:flex;flex-direction:column;gap:8px}
li{max-width:85%;padding:8px 10px;border-radius:12px;background:#fff;box-shadow:0 1px 2px #0002}
li.player{align-self:flex-end;background:#dbeafe}li small{display:block;color:#4b5563;font-size:12px}
form{display:flex;gap:8px;padding:10px;border-top:1px solid #d1d5db;background:#fff}
input{flex:1;min-width:0;padding:8px;border:1px solid #6b7280;border-radius:8px;font:inherit}
button{padding:8px 14px;border:0;border-radius:8px;background:#1d4ed8;color:#fff;font:inherit;font-weight:600}
p{margin:16px}`;

export interface EmbedPage {
  lang: EmbedLanguage;
  title: string;
  headerColor: string | null;
  userName: string;
  messages: ChatMessageRow[];
  /** Where the form posts, with what keeps the chat open. */
  action: string;
  hidden: Record<string, string>;
}

const COLOR = /^#[0-9a-fA-F]{3,8}$/;

/** Dark text on a light brand colour, white on a dark one (WCAG's relative luminance, midpoint 0.18). */
function inkOn(hex: string): string {
  const digits = hex.slice(1);
  const full = digits.length < 6 ? [...digits.slice(0, 3)].map((d) => d + d).join("") : digits.slice(0, 6);
  const channel = (i: number) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return luminance > 0.18 ? "#111827" : "#fff";
}

export function embedHtml(page: EmbedPage): string {
  const t = TEXTS[page.lang];
  const color =
    page.headerColor && COLOR.test(page.headerColor)
      ? `<style>header{--c:${page.headerColor};color:${inkOn(page.headerColor)}}</style>`
      : "";
  const items = page.messages
    .map(
      (m) =>
        `<li class="${m.sender}" data-sender="${m.sender}"><small>${m.sender === "player" ? escapeHtml(page.userName || t.you) : t.agent}</small>${escapeHtml(m.body)}</li>`,
    )
    .join("");
  const hidden = Object.entries(page.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  return `<!doctype html><html lang="${page.lang === "zh" ? "zh-CN" : "en"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(page.title || t.title)}</title><style>${STYLE}</style>${color}</head><body>
<header>${escapeHtml(page.title || t.title)}</header><ol aria-label="${t.title}" tabindex="0">${items}</ol>
<form method="post" action="${escapeHtml(page.action)}">${hidden}<input name="body" maxlength="500" required aria-label="${t.label}" placeholder="${t.placeholder}" autocomplete="off"><button>${t.send}</button></form>
</body></html>`;
}

export function expiredHtml(lang: EmbedLanguage): string {
  return `<!doctype html><html lang="${lang === "zh" ? "zh-CN" : "en"}"><head><meta charset="utf-8"><title>${TEXTS[lang].title}</title><style>${STYLE}</style></head>
<body><p data-chat-expired>${TEXTS[lang].expired}</p></body></html>`;
}
