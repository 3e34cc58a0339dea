/**
 * Exchange goods (document 002, section 2): reward-type tabs with All; every type with its first 3
 * rewards, a selected type with 7 and a "more" link that loads up to 1000 — all of it in the
 * address (?type=…&more=1), so a type change starts the list again and the back button works.
 * The product view is the child route reward.$rewardId: with scripts a dialog over this list,
 * without scripts a page of its own (this list is then not drawn).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation, useParams } from "@remix-run/react";
import { TabLinks } from "~/components/tabs";
import { usePageTranslation } from "~/i18n/translation";
import { useHydrated } from "~/lib/countdown";
import { RewardCard } from "~/features/points/goods-view";
import { loadGoods, requirePointMall } from "~/features/points/points.server";
import { pointMallHref, REWARDS_PER_TYPE, REWARDS_SELECTED } from "~/features/points/mall";
import { querySchema } from "./pointMall._goods._layout.server";

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requirePointMall(request);
  const url = new URL(request.url);
  const query = querySchema.parse({ type: url.searchParams.get("type") ?? "", more: url.searchParams.get("more") ?? undefined });
  const goods = await loadGoods(request, member, { type: query.type, more: query.more === "1" });
  return json(goods, { status: goods.failed && goods.sections.length === 0 ? 503 : 200 });
}

// ── view ────────────────────────────────────────────────────────────────────────────────

const typeHref = (type: string, more = false) => pointMallHref(undefined, { ...(type ? { type } : {}), ...(more ? { more: "1" } : {}) });

export default function ExchangeGoods() {
  const { t } = usePageTranslation();
  const goods = useLoaderData<typeof loader>();
  const productOpen = Boolean(useParams().rewardId);
  const hydrated = useHydrated();
  const { search } = useLocation();
  // Without scripts a product is a page of its own.
  if (productOpen && !hydrated) return <Outlet />;
  const tabs = [
    { id: "", label: t("points_type_all"), to: typeHref("") },
    ...goods.types.map((x) => ({ id: x.code, label: x.name, to: typeHref(x.code) })),
  ];
  return (
    <div className="points-goods" data-testid="points-goods">
      <h2 className="visually-hidden">{t("points_menu_goods")}</h2>
      <TabLinks label={t("points_types")} tabs={tabs} current={goods.type} scroll />
      {goods.failed ? <p className="notice notice--error">{t("points_goods_unavailable")}</p> : null}
      {goods.sections.map((section) => {
        const limit = goods.type ? REWARDS_SELECTED : REWARDS_PER_TYPE;
        const hasMore = !goods.more && section.total > limit;
        return (
          <section
            key={section.code}
            className="points-section"
            aria-labelledby={`points-type-${section.code}`}
            data-testid="points-section"
          >
            <header className="points-section__head">
              <h3 id={`points-type-${section.code}`}>{section.name}</h3>
              {goods.type ? null : section.total > 0 ? (
                <Link to={typeHref(section.code)} className="points-section__all">
                  {t("points_view_type", { count: section.total })}
                </Link>
              ) : null}
            </header>
            {section.rewards.length === 0 ? (
              <p className="points-empty">{t("points_type_empty")}</p>
            ) : (
              <ul className="points-grid">
                {section.rewards.map((reward) => (
                  <li key={reward.id}>
                    <RewardCard reward={reward} search={search} />
                  </li>
                ))}
              </ul>
            )}
            {goods.type && hasMore ? (
              <p className="points-section__more">
                <Link to={typeHref(section.code, true)} className="button button--secondary" data-testid="points-more">
                  {t("points_more", { count: section.total - section.rewards.length })}
                </Link>
              </p>
            ) : null}
          </section>
        );
      })}
      <Outlet />
    </div>
  );
}
