/**
 * /seamless?gameType=…&vendor=…&key=…: a game that plays in the page (document 001, section 2),
 * launched by POST /games/launch. The address carries display data and the launch's one-time
 * key; the game itself is found in the session (seamless.server.ts).
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InPageGame } from "~/features/games/game-frame";
import { inPageLoader } from "~/features/games/seamless.server";

export const handle = { i18n: "games" };
export { gamesLinks as links } from "~/styles/areas";

export async function loader({ request }: LoaderFunctionArgs) {
  const { data, status, headers } = await inPageLoader(request, false);
  return json(data, { status, headers });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const site = (matches.find((m) => m.id === "root")?.data as { site?: { title?: string } } | undefined)?.site?.title ?? "";
  return [{ title: [data?.game?.name, site].filter(Boolean).join(" - ") }];
};

export default function Seamless() {
  return <InPageGame data={useLoaderData<typeof loader>()} />;
}
