/**
 * Home's shared fragments as its loader draws them into the store (ensureFragment), imported
 * through this `.server` module so the home route's browser chunk does not bring them back: the
 * browser draws them only for a key new to the page, as lazy parts (lazy-part.tsx).
 */
export { HomeBlocks, HomeLotteryList, HomeTrend } from "./home-parts";
export { PopularGamesGrid } from "./popular-grid";
export { BannerSlides } from "~/features/content/banner-slides";
export { NoticeStrip } from "~/features/content/notices";
export { WinnerBoardList } from "~/features/content/winner-board";
