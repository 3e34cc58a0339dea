import { json } from "@remix-run/node";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { loadStatus } from "~/features/site/site.server";
import { portalDb } from "~/server/db.server";

/**
 * GET /resources/healthcheck for the operator's monitor or load balancer: 200 when the portal's
 * store answers and the operator API answers its status call, 503 otherwise, with which part
 * failed. Nothing about players or configuration is in it.
 */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  let store: "ok" | "failing" = "ok";
  try {
    portalDb().prepare("SELECT 1").get();
  } catch {
    store = "failing";
  }
  const operator = await loadStatus(DEFAULT_LOCALE).then(
    () => "ok" as const,
    () => "unavailable" as const,
  );
  const healthy = store === "ok" && operator === "ok";
  return json({ status: healthy ? "ok" : "failing", store, operator }, { status: healthy ? 200 : 503, headers });
}
