/** The loader every lobby route shares: the lobby, and its title and description in the player's language. */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { loadSettings } from "~/features/site/site.server";
import { loadLobby } from "./lobby.server";
import { LOBBY_ROUTES } from "./links";

export async function lobbyLoader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const [lobby, t, settings] = await Promise.all([
    loadLobby(request),
    fixedT(locale, ["games", "common"]),
    loadSettings(locale).catch(() => null),
  ]);
  const route = LOBBY_ROUTES[lobby.path];
  // /arcade and /table are slot lobbies under their own names; the rest are named by game type.
  const name = route?.category ? `lobby_title_${lobby.path.slice(1)}` : `lobby_title_${lobby.gameType}`;
  const heading = t(name);
  const site = settings?.siteTitle ?? "";
  return json({
    ...lobby,
    seo: {
      heading,
      title: site ? `${heading} - ${site}` : heading,
      description: t(`${name}_description`, { site }),
    },
  });
}
