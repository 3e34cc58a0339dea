/**
 * The server build's route table, whose handles robots.txt and sitemap.xml read (decision 039).
 * The Remix compiler provides it as a virtual module of the server build only; re-exported from a
 * .server module, it stays out of the browser build (the robots and sitemap routes' handles go there).
 */
export { routes } from "@remix-run/dev/server-build";
