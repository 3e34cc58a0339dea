/**
 * /games/launch-failed?reason=…: the dialog of a launch that opened no game. Without scripts it
 * is the page the launch's 303 leads to (in the new tab of a new-window game); with scripts the
 * Play form opens the same data as a modal over the page (play-form.tsx). The query is display
 * data only; the operator's own message is kept in the session and shown once
 * (launch.server.ts, decision 024).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LaunchFailedView } from "~/features/games/launch-dialog";
import { launchFailedData } from "~/features/games/launch.server";

export const handle = { i18n: "games" };
export { gamesLinks as links } from "~/styles/areas";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { data, headers } = await launchFailedData(request, context);
  return json(data, { headers });
}

export default function LaunchFailed() {
  return <LaunchFailedView data={useLoaderData<typeof loader>()} />;
}
