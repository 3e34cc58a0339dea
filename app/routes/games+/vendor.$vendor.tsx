import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { askPaged } from "~/lib/paging";
import { readPage } from "~/lib/read-page.server";
import { bindOperator } from "~/operator/operator.server";
import { getLocale } from "~/i18n/i18n.server";
import { getSession } from "~/server/session.server";
import { requirePlayer } from "~/server/gate.server";
import type { VendorGamesData } from "~/features/games/vendor-games-view";
import {
  favouriteKeys,
  gameViews,
  loadFavourites,
  loadGameList,
  loadImageCdns,
  loadLanes,
  POPUP_PAGE_SIZE,
  vendorViews,
} from "~/features/games/catalogue.server";
import { vendorGamesHref } from "~/features/games/links";
import { VendorGamesView } from "~/features/games/vendor-games-view";

export const handle = { i18n: "games" };
export { gamesLinks as links } from "~/styles/areas";

/**
 * A vassalage vendor's games (document 001, section 2, screen 8): ten to a page. Menus open it
 * over the page when scripts run; without them, and from a bookmark, it is this page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [session, locale] = await Promise.all([getSession(request), getLocale(request)]);
  const operator = bindOperator(session, locale);
  const player = Boolean(session.get("token"));
  const [imageCdns, lanes, favourites] = await Promise.all([
    loadImageCdns(operator),
    loadLanes(request, operator),
    player ? loadFavourites(request, operator) : Promise.resolve([]),
  ]);
  const vendors = vendorViews(lanes, imageCdns);
  const vendor = vendors.find((v) => v.code.toLowerCase() === (params.vendor ?? "").toLowerCase());
  if (!vendor) throw json({ notice: { key: "in_stay_tuned" } }, { status: 404 });
  if (!vendor.openToGuests && !player) await requirePlayer(request);
  if (vendor.code !== params.vendor) throw redirect(vendorGamesHref(vendor.code), 301);
  const ask = (pageNo: number) =>
    loadGameList(request, operator, locale, { gameType: vendor.gameType, vendor: vendor.code, pageNo, pageSize: POPUP_PAGE_SIZE });
  const { answer: list, page, totalPages } = await askPaged(ask, readPage(url, "pageNo"), POPUP_PAGE_SIZE);
  const data: VendorGamesData = {
    vendor,
    page,
    totalPages,
    games: gameViews(list.games, vendors, imageCdns, favouriteKeys(favourites)),
    player,
  };
  return json(data);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.vendor.name }] : []);

export default function VendorGames() {
  const data = useLoaderData<typeof loader>();
  return <VendorGamesView data={data} />;
}
