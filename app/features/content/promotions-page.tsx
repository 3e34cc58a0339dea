/**
 * The promotions pages' view (/promotions and the activity centre /promotion; data from
 * promotions-page.server.ts): the category tabs (links, so without scripts too), the grid —
 * image, title, period, the text behind a "details" toggle and the way to take part — and the
 * promotion that ?id= (or, with scripts, #id) opens: a dialog over the grid with scripts, a panel
 * at the top of the page without. The operator's HTML was cleaned on the server
 * (content.server.ts).
 */
import { Link, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { DialogShell } from "~/components/dialog-shell";
import { TabLinks } from "~/components/tabs";
import { useHydrated } from "~/lib/countdown";
import type { loadPromotionsPage, Promotion } from "~/features/content/promotions-page.server";

type PageData = typeof loadPromotionsPage;

/** `heading`: the page's name, "promotions" or the activity centre's "activity_centre". */
export function PromotionsPage({ heading }: { heading: "promotions" | "activity_centre" }) {
  const { t } = usePageTranslation("content");
  const { promotions, categories, category, asked, missing } = useLoaderData<PageData>();
  const { pathname } = useLocation();
  // The grid this page shows (its category kept), the way back from a promotion.
  const grid = category ? `${pathname}?${new URLSearchParams({ t: category })}` : pathname;
  const opening = (id: string) => `?${new URLSearchParams({ ...(category ? { t: category } : {}), id })}`;
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
    navigate(grid, { replace: true, preventScrollReset: true });
  };
  return (
    <section className="panel promotions-page" aria-labelledby="promotions-title" data-testid="promotions-page">
      <h1 id="promotions-title">{t(heading)}</h1>
      <p className="promotions-page__intro">{t("promotions_intro")}</p>
      <TabLinks
        label={t("promotion_categories")}
        current={category ?? "ALL"}
        tabs={categories.map((c) => ({
          id: c.code,
          label: c.name || t("promotion_all"),
          to: c.code === "ALL" ? pathname : `?${new URLSearchParams({ t: c.code })}`,
        }))}
      />
      {missing ? (
        <p role="status" className="notice notice--info">
          {t("promotion_not_found")}
        </p>
      ) : null}
      {open && !hydrated ? (
        <article className="promotion-detail" id={`promo-${open.id}`} aria-labelledby="promotion-detail-title">
          <PromotionDetail promotion={open} />
          <p className="actions">
            <Link to={grid} className="button button--secondary">
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
              <PromotionCard promotion={p} href={opening(p.id)} />
            </li>
          ))}
        </ul>
      ) : (
        <p role="status">{t("promotions_none")}</p>
      )}
    </section>
  );
}

function PromotionCard({ promotion, href }: { promotion: Promotion; href: string }) {
  const { t } = usePageTranslation("content");
  const titleId = `promotion-${promotion.id}-title`;
  return (
    <article className="promotion-card" aria-labelledby={titleId}>
      {promotion.image ? <img src={promotion.image} alt="" width={800} height={400} loading="lazy" decoding="async" /> : null}
      <div className="promotion-card__body">
        <h2 id={titleId}>
          <Link to={href} preventScrollReset>
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
