/**
 * A vassalage vendor's games (document 001, section 2, screen 8), drawn as the page
 * /games/vendor/<code> or inside the dialog that opens it over the page when scripts run.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { GameTile, TileGrid } from "~/features/games/game-tile";
import { FetchedDialogLink, type FetchedDialogProps } from "~/components/fetched-dialog";
import { Pager } from "~/components/pager";
import { usePageTranslation } from "~/i18n/translation";
import { lobbyHref, vendorGamesHref } from "./links";
import { TileActions } from "./tile-actions";
import type { GameView, VendorView } from "./types";

export interface VendorGamesData {
  vendor: VendorView;
  page: number;
  totalPages: number;
  games: GameView[];
  player: boolean;
}

/** The list itself, drawn as this page or inside the menu's dialog. */
export function VendorGamesView({ data }: { data: VendorGamesData }) {
  const { t } = usePageTranslation("games");
  const { vendor } = data;
  return (
    <section className="panel dialog-page vendor-games" aria-labelledby="vendor-games-title">
      <h1 id="vendor-games-title">{vendor.name}</h1>
      {data.games.length ? (
        <TileGrid label={t("lobby_games")}>
          {data.games.map((game) => (
            <GameTile key={game.key} game={game} actions={<TileActions game={game} player={data.player} />} />
          ))}
        </TileGrid>
      ) : (
        <p className="empty-state">{t("no_data")}</p>
      )}
      <Pager page={data.page} totalPages={data.totalPages} hrefFor={(n) => vendorGamesHref(vendor.code, n)} label={t("lobby_pages")} />
      <p className="actions">
        <Link to={lobbyHref(vendor.gameType)} className="button button--secondary">
          {t("back_to_games")}
        </Link>
      </p>
    </section>
  );
}

/**
 * A link to a vassalage vendor's games: a plain link (the page) until scripts run; then a click
 * opens the list as a dialog over the page, and its pager pages inside the dialog.
 */
export function VendorGamesLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <FetchedDialogLink<VendorGamesData> href={href} className={className} {...useVendorGamesDialog()}>
      {children}
    </FetchedDialogLink>
  );
}

/** The vendor's games as a dialog: its pager's links page inside it. */
export function useVendorGamesDialog(): FetchedDialogProps<VendorGamesData> {
  const { t } = usePageTranslation("games");
  return {
    titleId: "vendor-games-title",
    dialogClassName: "vendor-games-dialog",
    loading: t("login_loading"),
    render: (data, show) => (
      <div
        onClickCapture={(event) => {
          const target = (event.target as Element).closest?.("a[href]")?.getAttribute("href") ?? "";
          if (!target.startsWith("/games/vendor/")) return;
          event.preventDefault();
          show(target);
        }}
      >
        <VendorGamesView data={data} />
      </div>
    ),
  };
}
