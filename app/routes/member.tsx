import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LogoutButton } from "~/components/layout";
import { getLocale } from "~/i18n/i18n.server";
import { requirePlayer } from "~/lib/gate.server";
import { formatMoney } from "~/lib/money";
import type { MemberInfo } from "~/operator/login.server";
import { bindOperator, handleOperatorError } from "~/operator/operator.server";
import { loadSettings } from "~/operator/site.server";

interface Balance {
  sumBalance?: string;
  balance?: string;
  currencySymbol?: string;
}

/** The member centre's landing page: members and agents; trial accounts are refused. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await requirePlayer(request, { member: true });
  const locale = await getLocale(request);
  const operator = bindOperator(session, locale);
  const quietly = <T,>(p: Promise<T>) => p.catch(async (e) => (await handleOperatorError(request, e), null));
  const [settings, member, balance] = await Promise.all([
    loadSettings(locale),
    // The member's own values first; the session's copy is what login saw.
    quietly(operator.call<MemberInfo>("memberInfo")),
    quietly(operator.call<Balance>("balance")),
  ]);
  return json({
    account: member?.account ?? session.get("account") ?? "",
    nickname: member?.nickname ?? session.get("nickname") ?? "",
    // VIP status is whether clubLabel has a labelName (document 000, section 3).
    vipLabel: member?.clubLabel?.labelName || null,
    balance: balance
      ? formatMoney(balance.sumBalance ?? balance.balance, balance.currencySymbol ?? settings.currencySymbol, settings.currencyPosition)
      : null,
  });
}

export default function Member() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <section className="panel member-centre" aria-labelledby="member-title">
      <h1 id="member-title">{t("member_centre")}</h1>
      <dl className="member-facts">
        <dt>{t("account")}</dt>
        <dd data-testid="member-account">{data.account}</dd>
        <dt>{t("nickname")}</dt>
        <dd data-testid="member-nickname">{data.nickname || "—"}</dd>
        <dt>{t("vip_level")}</dt>
        <dd data-testid="member-vip">{data.vipLabel ?? t("vip_none")}</dd>
        <dt>{t("balance")}</dt>
        <dd data-testid="member-balance">{data.balance ?? t("balance_unavailable")}</dd>
      </dl>
      <p className="actions">
        <Link to="/change-password" className="button button--secondary">
          {t("change_password")}
        </Link>
      </p>
      <LogoutButton />
    </section>
  );
}
