/**
 * /trial?gameType=…&vendor=…&key=…: the free trial of a game (document 001, section 2; supportPlay
 * 0), launched by the free-trial form (POST /games/launch, intent "trial"): trialLaunch with
 * accountType 0, no account needed. Shown like /seamless; there is nothing to log out.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InPageGame } from "~/features/games/game-frame";
import { inPageLoader } from "~/features/games/seamless.server";

export const handle = { i18n: "games" };
export { gamesLinks as links } from "~/styles/areas";

export async function loader({ request }: LoaderFunctionArgs) {
  const { data, status, headers } = await inPageLoader(request, true);
  return json(data, { status, headers });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const site = (matches.find((m) => m.id === "root")?.data as { site?: { title?: string } } | undefined)?.site?.title ?? "";
  return [{ title: [data?.game?.name, site].filter(Boolean).join(" - ") }];
};

export default function Trial() {
  return <InPageGame data={useLoaderData<typeof loader>()} />;
}
