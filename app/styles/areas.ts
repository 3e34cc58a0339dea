/**
 * Each area's stylesheet (issue 24, "CSS by area"): app.css holds what every page draws (tokens,
 * base, the shell, the shared components); an area's rules load only with its routes, linked
 * after app.css and before the merchant's theme (root.tsx), which sets colours only and so still
 * wins. Pathless areas (_games+, _lottery+) have no layout route: each route links its sheets.
 */
import type { LinksFunction } from "@remix-run/node";
import agent from "~/styles/agent.css";
import content from "~/styles/content.css";
import games from "~/styles/games.css";
import help from "~/styles/help.css";
import lottery from "~/styles/lottery.css";
import member from "~/styles/member.css";
import points from "~/styles/points.css";

const sheets = (...hrefs: string[]) => hrefs.map((href) => ({ rel: "stylesheet", href }));

/** The lobbies, vendor lists and game launching. */
export const gamesLinks: LinksFunction = () => sheets(games);
/** The lottery pages, whose lobbies share the games' tiles. */
export const lotteryLinks: LinksFunction = () => sheets(games, lottery);
/** The home page: the games' blocks and tiles, the lottery, the banners and notices. */
export const homeLinks: LinksFunction = () => sheets(games, lottery, content);
/** The content pages: notices, promotions. */
export const contentLinks: LinksFunction = () => sheets(content);
/** The help centre: the operator's HTML as the content pages draw it, then the tree and panes. */
export const helpLinks: LinksFunction = () => sheets(content, help);
/** The app download page: its QR cards and install guide sit in the help centre's sheet. */
export const downloadLinks: LinksFunction = () => sheets(help);
/** The domain speed test: its table sits in the help centre's sheet, beside the download page. */
export const speedTestLinks: LinksFunction = () => sheets(help);
/** The member centre (its layout). */
export const memberLinks: LinksFunction = () => sheets(member);
/** The agent centre: the member centre's records and cards, then its own. */
export const agentLinks: LinksFunction = () => sheets(member, agent);
/** The points mall, inside the member centre (whose layout links member.css). */
export const pointsLinks: LinksFunction = () => sheets(points);
