/**
 * The lobby page shared by every lobby route (/live, /electron, /casino, …): vendor tabs, the
 * slot tabs and category filter, the name search as a GET form, the tiles and the pager. Links
 * and the GET form carry every filter, so with scripts Remix swaps the grid without a reload
 * and without them each is a plain page.
 */
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { GatedLink } from "~/features/auth/login-dialog";
import { GameTile, TileGrid } from "~/features/games/game-tile";
import { Pager } from "~/components/pager";
import { usePageTranslation } from "~/i18n/translation";
import { TileActions } from "./tile-actions";
import { lobbyUrl, SLOT_TABS } from "./links";
import { SLOT_CATEGORIES } from "./types";
import type { LobbyData } from "./lobby.server";

export interface LobbyPageData extends LobbyData {
  seo: { title: string; description: string; heading: string };
}

export const lobbyMeta: MetaFunction = ({ data }) => {
  const seo = (data as LobbyPageData | undefined)?.seo;
  return seo ? [{ title: seo.title }, { name: "description", content: seo.description }] : [];
};

export function LobbyPage() {
  const data = useLoaderData<LobbyPageData>();
  const { t } = usePageTranslation("games");
  const navigation = useNavigation();
  const { path, query, current } = data;
  const busy = navigation.state === "loading" && navigation.location.pathname === path;
  // A vendor switch keeps the category, starts a new search and goes back to page 1.
  const tabHref = (page: string) => lobbyUrl(path, { page, type: query.type });
  const tabs = [
    ...(data.slotTabs ? SLOT_TABS.map((tab) => ({ id: tab, label: t(`lobby_tab_${tab}`), gated: tab !== "hot" && !data.player })) : []),
    ...data.vendors.map((v) => ({ id: v.code, label: v.name, gated: !v.openToGuests && !data.player, rebate: v.rebate })),
  ];
  return (
    <section className="lobby" aria-labelledby="lobby-title" aria-busy={busy || undefined}>
      <h1 id="lobby-title" className="lobby__title">
        {data.seo.heading}
      </h1>
      <nav className={tabs.length > 8 ? "tabs tabs--scroll" : "tabs"} aria-label={t("lobby_vendors")}>
        {tabs.map((tab) => {
          const isCurrent = tab.id === current;
          const className = isCurrent ? "tab tab--current" : "tab";
          const label = (
            <>
              {tab.label}
              {"rebate" in tab && tab.rebate ? <span className="tab__badge">{tab.rebate}</span> : null}
            </>
          );
          return tab.gated ? (
            <GatedLink key={tab.id} to={tabHref(tab.id)} className={className}>
              {label}
            </GatedLink>
          ) : (
            <Link key={tab.id} to={tabHref(tab.id)} className={className} aria-current={isCurrent ? "page" : undefined} preventScrollReset>
              {label}
            </Link>
          );
        })}
      </nav>
      {data.maintenance ? (
        <p className="notice" role="status" data-testid="vendor-maintenance">
          {t("vendor_under_maintenance")} {t("launch_maintenance_times", data.maintenance)}
        </p>
      ) : null}
      <div className="filter-bar">
        {data.slotTabs ? (
          <nav className="chips cluster" aria-label={t("lobby_categories")}>
            {["", ...SLOT_CATEGORIES].map((type) => (
              <Link
                key={type || "all"}
                to={lobbyUrl(path, { page: current, type, keyword: query.keyword })}
                className={type === query.type ? "chip chip--current" : "chip"}
                aria-current={type === query.type ? "page" : undefined}
                preventScrollReset
              >
                {t(type ? `lobby_category_${type}` : "lobby_category_all")}
              </Link>
            ))}
          </nav>
        ) : null}
        <Form method="get" action={path} className="search-form" role="search">
          {current ? <input type="hidden" name="page" value={current} /> : null}
          {query.type ? <input type="hidden" name="type" value={query.type} /> : null}
          <label htmlFor="lobby-keyword" className="visually-hidden">
            {t("lobby_search_label")}
          </label>
          <input
            id="lobby-keyword"
            type="search"
            name="keyword"
            defaultValue={query.keyword}
            key={query.keyword}
            maxLength={50}
            placeholder={t("lobby_search_placeholder")}
            enterKeyHint="search"
          />
          <button type="submit" className="button button--small">
            {t("lobby_search")}
          </button>
        </Form>
      </div>
      {data.games.length ? (
        <TileGrid label={t("lobby_games")}>
          {data.games.map((game) => (
            <GameTile key={game.key} game={game} actions={<TileActions game={game} player={data.player} />} />
          ))}
        </TileGrid>
      ) : (
        <p className="empty-state" data-testid="no-data">
          {query.keyword
            ? t("lobby_no_match", { keyword: query.keyword })
            : current === "favGameList"
              ? t("lobby_no_favourites")
              : current === "recentGameList"
                ? t("lobby_no_recent")
                : t("no_data")}
        </p>
      )}
      <Pager
        page={Math.min(query.pageNo, data.totalPages)}
        totalPages={data.totalPages}
        hrefFor={(pageNo) => lobbyUrl(path, { page: current, type: query.type, keyword: query.keyword, pageNo })}
        label={t("lobby_pages")}
      />
    </section>
  );
}
