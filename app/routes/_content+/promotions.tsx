/**
 * Promotions (document 001, sections 1 and 2): the operator's promotions as a grid — image,
 * title, period, the text behind a "details" toggle (a <details>, so without scripts too) and
 * the way to take part: the member-centre page of the promotion's type (document 002, section
 * 2), through the login for a guest, or the operator's own address. `?id={id}` opens that
 * promotion: a dialog over the grid with scripts, a panel at the top of the page without; with
 * scripts `#{id}` does the same (a hash never reaches the server). The operator's HTML was
 * cleaned on the server (content.server.ts).
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { pageMetaFor } from "~/features/content/page-meta.server";
import { pageMeta } from "~/lib/page-meta";
import { Link, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { getLocale } from "~/i18n/i18n.server";
import { getSession } from "~/server/session.server";
import { bindOperator } from "~/operator/operator.server";
import { DialogShell } from "~/components/dialog-shell";
import { useHydrated } from "~/lib/countdown";
import { loadSiteContent, offerLink, type OfferLink, type PromotionView } from "~/features/content/content.server";

export const handle = { i18n: "content", seo: { index: true } };
export { contentLinks as links } from "~/styles/areas";

const PROMOTIONS_PATH = "/promotions";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data, matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const [session, locale] = await Promise.all([getSession(request), getLocale(request)]);
  const [{ promotions }, meta] = await Promise.all([
    loadSiteContent(request, bindOperator(session, locale)),
    pageMetaFor(locale, "promotions"),
  ]);
  const player = Boolean(session.get("token"));
  const asked = new URL(request.url).searchParams.get("id");
  return json({
    promotions: promotions.map((p) => ({ ...p, go: offerLink(p, player), period: periodOf(p) })),
    asked: asked && promotions.some((p) => p.id === asked) ? asked : null,
    missing: asked !== null && !promotions.some((p) => p.id === asked),
    meta,
  });
}

/** The first and last day, in the operator's zone (UTC+8) as its back office shows them; the same on every device. */
function periodOf(promotion: PromotionView): { start: string; end: string } | null {
  if (!promotion.startDate || !promotion.endDate) return null;
  const day = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
  return { start: day(promotion.startDate), end: day(promotion.endDate) };
}

type Promotion = PromotionView & { go: OfferLink | null; period: ReturnType<typeof periodOf> };

export default function Promotions() {
  const { t } = usePageTranslation("content");
  const { promotions, asked, missing } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { hash } = useLocation();
  // With scripts, #{id} opens a promotion as ?id= does.
  const [hashed, setHashed] = useState<string | null>(null);
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    setHashed(promotions.some((p) => p.id === id) ? id : null);
  }, [hash, promotions]);
  const openId = asked ?? hashed;
  const open = promotions.find((p) => p.id === openId) ?? null;
  const close = () => {
    setHashed(null);
    navigate(PROMOTIONS_PATH, { replace: true, preventScrollReset: true });
  };
  return (
    <section className="panel promotions-page" aria-labelledby="promotions-title" data-testid="promotions-page">
      <h1 id="promotions-title">{t("promotions")}</h1>
      <p className="promotions-page__intro">{t("promotions_intro")}</p>
      {missing ? (
        <p role="status" className="notice notice--info">
          {t("promotion_not_found")}
        </p>
      ) : null}
      {open && !hydrated ? (
        <article className="promotion-detail" id={`promo-${open.id}`} aria-labelledby="promotion-detail-title">
          <PromotionDetail promotion={open} />
          <p className="actions">
            <Link to={PROMOTIONS_PATH} className="button button--secondary">
              {t("promotion_back")}
            </Link>
          </p>
        </article>
      ) : null}
      {open && hydrated ? (
        <DialogShell key={open.id} titleId="promotion-detail-title" className="promotion-dialog" onClose={close}>
          <section className="panel" aria-labelledby="promotion-detail-title">
            <PromotionDetail promotion={open} />
          </section>
        </DialogShell>
      ) : null}
      {promotions.length ? (
        <ul className="promotion-grid">
          {promotions.map((p) => (
            <li key={p.id} id={p.id === openId ? undefined : `promo-${p.id}`}>
              <PromotionCard promotion={p} />
            </li>
          ))}
        </ul>
      ) : (
        <p role="status">{t("promotions_none")}</p>
      )}
    </section>
  );
}

function PromotionCard({ promotion }: { promotion: Promotion }) {
  const { t } = usePageTranslation("content");
  const titleId = `promotion-${promotion.id}-title`;
  return (
    <article className="promotion-card" aria-labelledby={titleId}>
      {promotion.image ? <img src={promotion.image} alt="" width={800} height={400} loading="lazy" decoding="async" /> : null}
      <div className="promotion-card__body">
        <h2 id={titleId}>
          <Link to={`?id=${encodeURIComponent(promotion.id)}`} preventScrollReset>
            {promotion.title}
          </Link>
        </h2>
        <Period promotion={promotion} />
        <details className="promotion-card__more">
          <summary>{t("promotion_more")}</summary>
          <div className="operator-html" dangerouslySetInnerHTML={{ __html: promotion.html }} />
        </details>
        <JoinLink promotion={promotion} />
      </div>
    </article>
  );
}

function PromotionDetail({ promotion }: { promotion: Promotion }) {
  return (
    <>
      {promotion.image ? <img className="promotion-detail__image" src={promotion.image} alt="" width={800} height={400} /> : null}
      <h2 id="promotion-detail-title">{promotion.title}</h2>
      <Period promotion={promotion} />
      <div className="operator-html" dangerouslySetInnerHTML={{ __html: promotion.html }} />
      <JoinLink promotion={promotion} />
    </>
  );
}

function Period({ promotion }: { promotion: Promotion }) {
  const { t } = usePageTranslation("content");
  return promotion.period ? <p className="promotion-card__period">{t("promotion_period", promotion.period)}</p> : null;
}

function JoinLink({ promotion }: { promotion: Promotion }) {
  const { t } = usePageTranslation("content");
  const { go } = promotion;
  if (!go) return null;
  const login = go.href.startsWith("/login?");
  if (go.external) {
    return (
      <a href={go.href} className="button" target="_blank" rel="noopener noreferrer">
        {t("promotion_go")}
      </a>
    );
  }
  return (
    <Link to={go.href} className="button">
      {login ? t("promotion_login_first") : t("promotion_go")}
    </Link>
  );
}
