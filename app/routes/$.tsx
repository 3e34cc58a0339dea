/**
 * Every address no other route takes. Without this route a 404 matches nothing, so no loader
 * runs and the error page would lack what the root loader gives the shell (the player, the
 * site's title and languages, the form token). Here the root loader runs, and this loader's 404
 * goes to the root's error page.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { openAction } from "~/server/action.server";

// Crawlers are told 404 here, not kept out: robots.txt cannot name every unknown address.
export const handle = { seo: { crawl: true } };

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

/** A post to an unknown address is a 404 too (not the 405 of a route without an action), once it passed the opening every action has. */
export async function action({ request, context }: ActionFunctionArgs) {
  await openAction(request, context);
  throw new Response("Not Found", { status: 404 });
}

// A page route, not a resource route (which would answer the bare 404 itself); never drawn.
export default function NotFound() {
  return null;
}
