/**
 * TEMPORARY test stub (delete when app/routes/login.tsx renders <OtherWaysIn />): the other
 * ways in as the login page will show them, for the social and free-play journeys.
 */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { OtherWaysIn } from "~/components/other-ways-in";
import { getLocale } from "~/i18n/i18n.server";
import { loadFeatures } from "~/operator/site.server";
import { getSession } from "~/session.server";

const SWITCHES = ["GOOGLELOGIN3", "FACEBOOKLOGIN3", "TWITTERLOGIN3", "LINELOGIN3", "TELEGRAMLOGIN3", "FREEPLAY3"];

export async function loader({ request }: LoaderFunctionArgs) {
  if ((await getSession(request)).get("token")) throw redirect("/");
  const features = await loadFeatures(await getLocale(request));
  return json({ enabled: SWITCHES.filter((name) => features.has(name)) });
}

export default function OtherWaysInStub() {
  const { enabled } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  return (
    <section className="panel login-panel">
      <OtherWaysIn enabled={enabled} redirectTo={searchParams.get("redirectTo") ?? ""} />
    </section>
  );
}
