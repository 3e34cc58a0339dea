import { json } from "@remix-run/node";
import { DEFAULT_LOCALE } from "~/i18n/config";
import { loadStatus } from "~/features/site/site.server";
import { state } from "~/server/state/index.server";
import { brokerState } from "~/server/notify/index.server";

/**
 * GET /resources/healthcheck for the operator's monitor or load balancer: 200 when the portal's
 * store answers and the operator API answers its status call, 503 otherwise, with which part
 * failed. `store` names the state floor (decision 050): "sqlite" alone, or "redis" when
 * REDIS_URL is set, so a balancer takes a process whose Redis is gone out of rotation. `broker`
 * says whether the real-time broker's connection is up ("off" without one, decision 051); it is
 * reported, never a reason for 503: pages work without it. Nothing about players or
 * configuration is in it.
 */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  const floor = state();
  const [store, operator] = await Promise.all([
    floor.health().then((health) => (health === "ok" ? ("ok" as const) : ("failing" as const))),
    loadStatus(DEFAULT_LOCALE).then(
      () => "ok" as const,
      () => "unavailable" as const,
    ),
  ]);
  const healthy = store === "ok" && operator === "ok";
  return json(
    { status: healthy ? "ok" : "failing", store, storeKind: floor.kind === "redis" ? "redis" : "sqlite", operator, broker: brokerState() },
    { status: healthy ? 200 : 503, headers },
  );
}
