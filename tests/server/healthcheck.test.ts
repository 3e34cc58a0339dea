/** The health check answers for the portal's store and the operator, and nothing else. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { run, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let health: typeof import("~/routes/resources+/healthcheck");

beforeAll(async () => {
  operator = await startPortalEnv();
  health = await import("~/routes/resources+/healthcheck");
});

afterAll(async () => {
  await operator.close();
});

describe("/resources/healthcheck", () => {
  it("answers 200 when the store and the operator answer, never cached", async () => {
    const response = await run(() => health.loader());
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", store: "ok", storeKind: "sqlite", operator: "ok", broker: "off" });
  });

  it("answers 503 and names the operator when the operator API is down", async () => {
    await operator.close();
    const response = await run(() => health.loader());
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "failing", store: "ok", storeKind: "sqlite", operator: "unavailable", broker: "off" });
  });
});
