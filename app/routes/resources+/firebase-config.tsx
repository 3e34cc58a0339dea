/**
 * The identity service's public web configuration for the social sign-in buttons
 * (app/features/auth/other-ways-in.tsx asks for it ahead of a press); null when the merchant
 * has none. 404 when no social channel is switched on.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getLocale } from "~/i18n/i18n.server";
import { FIREBASE_CHANNELS } from "~/lib/social";
import { loadFeatures } from "~/features/site/site.server";
import { firebaseConfigFor } from "~/features/auth/social.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const features = await loadFeatures(locale);
  if (!Object.values(FIREBASE_CHANNELS).some((name) => features.has(name))) throw new Response("Not Found", { status: 404 });
  return json({ config: await firebaseConfigFor(locale) }, { headers: { "Cache-Control": "no-store" } });
}
