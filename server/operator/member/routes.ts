/** Member data behind a session: /wps/member/*, /wps/v2/wallets/*. */
import { fail, isRecord, ok, sessionOf, type RouteDef } from "../http";

/** Languages a member may keep (the portal's six; CN travels as zh_CN). */
const MEMBER_LANGUAGES = new Set(["zh_CN", "CN", "TW", "JA", "EN", "TH", "VI"]);

export const memberRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/wps/member/info",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const label = ctx.runtime.store.label(member.label_id);
      return ok({
        id: member.id,
        account: member.username,
        nickname: member.nickname,
        lastLogin: member.last_login_at === null ? null : new Date(member.last_login_at).toISOString(),
        type: member.agent_type,
        toUpline: false,
        clubLabel: label
          ? { labelId: label.label_id, labelName: label.label_name, type: label.type, rankLevel: label.rank_level, color: label.color }
          : null,
        memberLabel: label?.label_name ?? "",
      });
    },
  },
  {
    method: "GET",
    path: "/wps/v2/wallets/balance",
    access: "session",
    handler(ctx) {
      const { member } = sessionOf(ctx);
      const merchant = ctx.runtime.store.merchant(ctx.merchantCode);
      const wallet = ctx.runtime.store.wallet(member.id);
      // Money stays a decimal string end to end (TEXT in SQLite), never a float.
      const balance = wallet?.balance ?? "0";
      return ok({
        sumBalance: balance,
        balance,
        currency: wallet?.currency ?? merchant?.currency ?? "CNY",
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
      ctx.runtime.store.setMemberLanguage(member.id, language === "zh_CN" ? "CN" : language);
      return ok(null);
    },
  },
];
