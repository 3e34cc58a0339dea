import { lobbyLoader } from "~/features/games/lobby-route.server";

/** The casino lobby (app/features/games/links.ts, LOBBY_ROUTES). */
export const loader = lobbyLoader;
export { lobbyMeta as meta, LobbyPage as default } from "~/features/games/lobby-view";
export const handle = { i18n: "games", seo: { index: true } };
export { gamesLinks as links } from "~/styles/areas";
