/**
 * Relay operations of the wallets area (decision 026): the wallet list (MCSFE_getBalanceV2),
 * transfers between a member's wallets (GCS_walletTransfer), the transfer to the upline, the
 * cashier hand-off for deposit and withdraw with its demo page, the single-wallet answer of
 * GCS_merchantWallet, and the test helpers under /__reference/wallets and /__reference/transfers.
 */
import type { MessageLanguage } from "../catalog";
import { escapeHtml, safeBackUrl } from "../games/demo-game";
import { failWith, isRecord, ok, rawReply, sessionOf, type Reply, type RouteContext, type RouteDef } from "../http";
import { memberByUsername } from "../member/store";
import type { RelayDef } from "../relay";
import { merchantByCode } from "../system/store";
import { MAIN_WALLET } from "./seed";
import {
  newCashierTicket,
  parseAmount,
  takeCashierTicket,
  transfer,
  transfersOf,
  transferToUpline,
  usernameOf,
  walletSettings,
  walletsOf,
} from "./store";

const MESSAGES: Record<string, Record<MessageLanguage, string>> = {
  "wallet.not.found": { zh: "钱包不存在", en: "This wallet does not exist" },
  "wallet.same": { zh: "转出与转入钱包不能相同", en: "Choose two different wallets" },
  "wallet.single": { zh: "本站为单一钱包，无需转账", en: "This site keeps a single wallet: there is nothing to transfer" },
  "amount.invalid": { zh: "金额须为正数，最多两位小数", en: "The amount must be positive with at most two decimals" },
  "balance.insufficient": { zh: "余额不足", en: "Insufficient balance" },
  "upline.none": { zh: "您没有可转账的上级", en: "You have no upline to transfer to" },
  "cashier.kind": { zh: "请求无效", en: "Invalid request" },
  "request.invalid": { zh: "请求无效", en: "Invalid request" },
};

/**
 * The main wallet's name in the languages this operator names it in; any other language gets
 * the chain page language, then EN, then CN (decision 037): a Thai page reads English.
 */
const MAIN_WALLET_NAMES: Record<string, string> = { CN: "主钱包", TW: "主錢包", EN: "Main wallet" };

export function mainWalletName(header: string | string[] | undefined, merchantDefault: MessageLanguage): string {
  const asked = (Array.isArray(header) ? header[0] : (header ?? "")).trim().toUpperCase();
  // No language asked: the merchant's default, as the operator's messages.
  const language =
    asked === "" ? (merchantDefault === "zh" ? "CN" : "EN") : asked === "ZH_CN" || asked === "ZH" ? "CN" : asked === "ZH_TW" ? "TW" : asked;
  return MAIN_WALLET_NAMES[language] ?? MAIN_WALLET_NAMES.EN ?? MAIN_WALLET_NAMES.CN;
}

export const refuse = (lang: MessageLanguage, errorCode: string, status = 200): Reply => failWith(MESSAGES, lang, errorCode, status);

const bodyOf = (ctx: RouteContext): Record<string, unknown> => (isRecord(ctx.body) ? ctx.body : {});

function walletList(ctx: RouteContext) {
  const { member } = sessionOf(ctx);
  const merchant = merchantByCode(ctx.runtime.db, ctx.merchantCode);
  const wallets = walletsOf(ctx.runtime.db, member.id);
  const sum = wallets.reduce((total, w) => total + Math.round(Number(w.balance) * 100), 0);
  return {
    // The sum in cents, back to a decimal string: never a float on the wire.
    sumBalance: `${Math.floor(sum / 100)}.${String(sum % 100).padStart(2, "0")}`,
    currency: merchant?.currency ?? "CNY",
    currencySymbol: merchant?.currency_symbol ?? "¥",
    wallets: wallets.map((w) => ({
      accountId: w.code,
      accountName: w.accountName,
      displayName: w.main ? mainWalletName(ctx.req.headers.language, ctx.lang) : w.displayName,
      availBalance: w.balance,
      main: w.main,
    })),
  };
}

export const walletRelays: RelayDef[] = [
  {
    service: "MCSFE",
    operation: "getBalanceV2",
    access: "session",
    handler: (ctx) => ok(walletList(ctx)),
  },
  {
    service: "GCS",
    operation: "walletTransfer",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const b = bodyOf(ctx);
      const from = typeof b.from === "string" ? b.from : "";
      const to = typeof b.to === "string" ? b.to : "";
      const result = transfer(ctx.runtime.db, member.id, from, to, b.amount, ctx.runtime.now());
      return typeof result === "number" ? ok({ transferId: result, ...walletList(ctx) }) : refuse(ctx.lang, result);
    },
  },
  {
    service: "MCSFE",
    operation: "transferToUpline",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const { db, notifications } = ctx.runtime;
      const result = transferToUpline(db, member.id, bodyOf(ctx).amount, ctx.runtime.now());
      if (typeof result !== "number") return refuse(ctx.lang, result);
      // Both sides, once committed: the type names the direction (downline to agent), counterpart the other side.
      const { uplineId } = walletSettings(db, member.id);
      const amount = parseAmount(bodyOf(ctx).amount)?.toFixed(2);
      if (uplineId !== null && amount) {
        notifications.toMember(uplineId, "AGENT_TRANSFER_DOWNLINE_TO_AGENT", { amount, counterpart: member.username });
        notifications.toMember(member.id, "AGENT_TRANSFER_DOWNLINE_TO_AGENT", { amount, counterpart: usernameOf(db, uplineId) });
      }
      return ok({ transferId: result, ...walletList(ctx) });
    },
  },
  {
    service: "MCSFE",
    operation: "getCashierUrl",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const b = bodyOf(ctx);
      if (b.type !== "deposit" && b.type !== "withdraw") return refuse(ctx.lang, "cashier.kind");
      const ticket = newCashierTicket(ctx.runtime.db, member.id, b.type, ctx.runtime.now());
      const back = safeBackUrl(b.backUrl);
      const query = back ? `?back=${encodeURIComponent(back)}` : "";
      return ok({ url: `${ctx.runtime.settings.publicUrl}/demo-cashier/${ticket}${query}` });
    },
  },
];

export const walletRoutes: RouteDef[] = [
  {
    // The operator's cashier, as a demo: one page per one-time ticket; the token never travels.
    method: "GET",
    path: "/demo-cashier/:ticket",
    access: "public",
    body: "none",
    handler(ctx) {
      const { db } = ctx.runtime;
      const taken = takeCashierTicket(db, ctx.params.ticket, ctx.runtime.now());
      const account = taken
        ? (db.prepare("SELECT username FROM members WHERE id = ?").get(taken.memberId) as { username: string } | undefined)
        : undefined;
      const back = safeBackUrl(ctx.url.searchParams.get("back"));
      const title = !taken ? "This cashier link has expired" : taken.kind === "deposit" ? "Deposit" : "Withdraw";
      const body = taken
        ? `<p class="meta">Demo cashier of the reference operator: payments are made here, on the operator's site, not on the portal.</p>
<p class="account">${escapeHtml(account?.username ?? "")}</p>`
        : `<p class="meta">Open the cashier again from the portal.</p>`;
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{margin:0;min-height:100vh;font-family:system-ui,sans-serif;background:#0b1020;color:#f3f4f6;
display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;padding:24px;text-align:center}
.meta{color:#9ca3af;max-width:28rem}.account{padding:6px 12px;border-radius:999px;background:#1f2937;font-weight:600}
a{color:#0b1020;background:#f5b400;padding:10px 20px;border-radius:8px;font-weight:700;text-decoration:none}</style></head>
<body><h1 data-kind="${taken?.kind ?? "expired"}">${escapeHtml(title)}</h1>${body}${back ? `<a href="${escapeHtml(back)}">Back</a>` : ""}</body></html>`;
      return rawReply(taken ? 200 : 410, "text/html; charset=utf-8", html, {
        "Cache-Control": "no-store",
        "Referrer-Policy": "no-referrer",
      });
    },
  },
  {
    method: "GET",
    path: "/__reference/wallets",
    access: "reference",
    body: "none",
    handler(ctx) {
      const member = memberByUsername(ctx.runtime.db, ctx.runtime.settings.merchantCode, ctx.url.searchParams.get("username") ?? "");
      if (!member) return ok(null);
      const wallets = walletsOf(ctx.runtime.db, member.id);
      return ok({
        main: wallets.find((w) => w.code === MAIN_WALLET)?.balance,
        wallets: Object.fromEntries(wallets.map((w) => [w.code, w.balance])),
      });
    },
  },
  {
    method: "GET",
    path: "/__reference/transfers",
    access: "reference",
    body: "none",
    handler(ctx) {
      const member = memberByUsername(ctx.runtime.db, ctx.runtime.settings.merchantCode, ctx.url.searchParams.get("username") ?? "");
      return ok(member ? transfersOf(ctx.runtime.db, member.id) : []);
    },
  },
];

/** isSingle of a member: the merchant wallet answer of the games area reads it from here. */
export function isSingleWallet(ctx: RouteContext): boolean {
  return walletSettings(ctx.runtime.db, sessionOf(ctx).member.id).isSingle;
}
