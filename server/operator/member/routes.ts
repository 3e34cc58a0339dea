/** Member data behind a session: /wps/member/info, /wps/v2/wallets/balance, /wps/member/language. */
import { walletSettings } from "../wallets/store";
import { fail, isRecord, ok, sessionOf, type RouteDef } from "../http";
import { merchantByCode } from "../system/store";
import { label, setMemberLanguage, wallet } from "./store";

/** Languages a member may keep (the portal's six; CN travels as zh_CN). */
const MEMBER_LANGUAGES = new Set(["zh_CN", "CN", "TW", "JA", "EN", "TH", "VI"]);

export const memberRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/wps/member/info",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const vip = label(ctx.runtime.db, member.label_id);
      return ok({
        id: member.id,
        account: member.username,
        nickname: member.nickname,
        lastLogin: member.last_login_at === null ? null : new Date(member.last_login_at).toISOString(),
        type: member.agent_type,
        toUpline: walletSettings(ctx.runtime.db, member.id).uplineId !== null,
        clubLabel: vip
          ? { labelId: vip.label_id, labelName: vip.label_name, type: vip.type, rankLevel: vip.rank_level, color: vip.color }
          : null,
        memberLabel: vip?.label_name ?? "",
      });
    },
  },
  {
    method: "GET",
    path: "/wps/v2/wallets/balance",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const merchant = merchantByCode(ctx.runtime.db, ctx.merchantCode);
      const held = wallet(ctx.runtime.db, member.id);
      // Money stays a decimal string end to end (TEXT in SQLite), never a float.
      const balance = held?.balance ?? "0";
      return ok({
        sumBalance: balance,
        balance,
        currency: held?.currency ?? merchant?.currency ?? "CNY",
        currencySymbol: merchant?.currency_symbol ?? "¥",
      });
    },
  },
  {
    method: "PUT",
    path: "/wps/member/language",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const language = isRecord(ctx.body) ? ctx.body.language : undefined;
      if (typeof language !== "string" || !MEMBER_LANGUAGES.has(language)) {
        return fail(ctx.lang, "request.invalid", { status: 400 });
      }
      setMemberLanguage(ctx.runtime.db, member.id, language === "zh_CN" ? "CN" : language);
      return ok(null);
    },
  },
];
