/**
 * Invite friends (referral, document 002 sections 2 and 6; members of type 0 with the referral
 * promotion on): the player's referral link and code, a QR code of the link drawn on the server
 * as SVG (the qrcode library), how many friends joined and what they brought.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { useHydrated } from "~/lib/countdown";
import { requireMemberPage } from "~/features/member/centre.server";
import { pageFailure } from "~/features/member/benefits.server";
import { merchantMoneyFor } from "~/features/site/money.server";
import { qrSvg } from "./referral.server";

/**
 * The link a friend registers through: this portal's own /register on the address that served
 * the page (the request's origin, which already follows the trusted proxies' X-Forwarded-Proto and
 * Host, server/app.ts), never the operator's registerUrl, which names one address for every
 * brand. The code rides in referralCode, the parameter registration keeps as the referrer
 * (000 §5; `r` is read as an agent's affiliate code).
 */
function referralLink(request: Request, code: string): string {
  const url = new URL("/register", new URL(request.url).origin);
  url.searchParams.set("referralCode", code);
  return url.toString();
}

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMemberPage(request, "referral");
  try {
    const [info, money] = await Promise.all([member.operator.call("referralInfo"), merchantMoneyFor(request)]);
    const link = referralLink(request, info.referralCode);
    const qr = await qrSvg(link);
    return json({
      code: info.referralCode,
      link,
      qr,
      invited: info.invited,
      rewards: money.show(info.rewards),
      error: null as string | null,
    });
  } catch (error) {
    const { error: message, status } = await pageFailure(request, error);
    return json({ code: "", link: "", qr: "", invited: 0, rewards: "—", error: message }, { status });
  }
}

export default function Referral() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  const [copied, setCopied] = useState(false);
  const hydrated = useHydrated();
  const copy = () => {
    void navigator.clipboard?.writeText(data.link).then(() => setCopied(true));
  };
  return (
    <section className="member-page referral-page" aria-labelledby="referral-title">
      <h1 id="referral-title">{t("member_page_referral")}</h1>
      {data.error ? (
        <p className="notice notice--error">{t(data.error)}</p>
      ) : (
        <div className="referral">
          {/* The SVG is the qrcode library's output for our own link: markup we made, not input. */}
          <div className="referral__qr" role="img" aria-label={t("referral_qr")} dangerouslySetInnerHTML={{ __html: data.qr }} />
          <div className="referral__details">
            <p>{t("referral_intro")}</p>
            <div className="field">
              <label htmlFor="referral-link">{t("referral_link")}</label>
              <input
                id="referral-link"
                type="text"
                readOnly
                value={data.link}
                onFocus={(e) => e.currentTarget.select()}
                data-testid="referral-link"
              />
            </div>
            <p className="referral__code">
              {t("referral_code")}: <strong data-testid="referral-code">{data.code}</strong>
            </p>
            {/* Copying needs a script; without one the link's field is there to select. */}
            {hydrated ? (
              <button type="button" className="button button--secondary" onClick={copy}>
                {copied ? t("referral_copied") : t("referral_copy")}
              </button>
            ) : null}
            <dl className="member-facts stat-grid">
              <div>
                <dt>{t("referral_invited")}</dt>
                <dd>{data.invited}</dd>
              </div>
              <div>
                <dt>{t("referral_rewards")}</dt>
                <dd>{data.rewards}</dd>
              </div>
            </dl>
          </div>
        </div>
      )}
    </section>
  );
}
