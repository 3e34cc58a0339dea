/**
 * My account (securityCenter): who the player is (account, nickname, VIP label, last login) and
 * what they can change here: the password. The operator keeps the rest.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { requireMemberPage } from "~/features/member/centre.server";
import { safeColour } from "~/features/member/info-bar.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { facts, session } = await requireMemberPage(request, "securityCenter");
  const m = facts.member;
  return json({
    account: m?.account ?? session.get("account") ?? "",
    nickname: m?.nickname ?? session.get("nickname") ?? "",
    vipLabel: m?.clubLabel?.labelName || null,
    vipColor: safeColour(m?.clubLabel?.color),
    lastLogin: shanghaiTime(m?.lastLogin),
  });
}

/** "2026-11-22 18:30" on the operators' clock (UTC+8), drawn the same by server and browser. */
function shanghaiTime(value: string | null | undefined): string | null {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? null : new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace("T", " ");
}

export default function SecurityCenter() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <section className="member-page" aria-labelledby="security-title">
      <h1 id="security-title">{t("member_page_securityCenter")}</h1>
      <dl className="member-facts stat-grid">
        <div>
          <dt>{t("account")}</dt>
          <dd data-testid="security-account">{data.account}</dd>
        </div>
        <div>
          <dt>{t("nickname")}</dt>
          <dd>{data.nickname || "—"}</dd>
        </div>
        <div>
          <dt>{t("vip_level")}</dt>
          <dd style={data.vipColor ? { color: data.vipColor } : undefined}>{data.vipLabel ?? t("vip_none")}</dd>
        </div>
        <div>
          <dt>{t("security_last_login")}</dt>
          <dd>{data.lastLogin ?? "—"}</dd>
        </div>
      </dl>
      <section className="security-item" aria-labelledby="security-password">
        <h2 id="security-password">{t("password")}</h2>
        <p>{t("security_password_hint")}</p>
        <Link to="/change-password" className="button button--secondary">
          {t("change_password")}
        </Link>
      </section>
    </section>
  );
}
