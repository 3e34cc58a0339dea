/**
 * The publicity pop-ups of a login against the reference operator (decision 046): shown on the
 * first page view after the login, once; an announcements read that fails leaves them due for
 * the next view (an operator that could not answer has not said "none").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { loggedIn } from "../support/browser";
import { startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let root: typeof import("~/root");

const arm = (body: Record<string, unknown>) =>
  fetch(`${operator.url}/__reference/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  operator = await startPortalEnv();
  // Every view reads the announcements afresh, as a login's first view does.
  process.env.OPERATOR_CACHE_MS = "0";
  root = await import("~/root");
});
afterAll(async () => {
  await fetch(`${operator.url}/__reference/faults`, { method: "DELETE" });
  await operator.close();
});

const popupsOf = async (response: Response) => ((await response.json()) as { publicity: { id: string }[] | null }).publicity;

describe("the pop-ups of a login", () => {
  it("show once, on the first view after the login", async () => {
    const player = await loggedIn("player01", "Player123");
    const first = await popupsOf(await player.get("/", root.loader));
    expect(first?.length).toBeGreaterThan(0);
    expect(await popupsOf(await player.get("/", root.loader))).toBeNull();
  });

  it("stay due when the announcements read fails, and show on the next view", async () => {
    const player = await loggedIn("player01", "Player123");
    const armed = await arm({ mode: "500", path: "/wps/relay/MCSFE_getListAnnouncements", count: 1 });
    expect(armed.status).toBe(200);
    const failed = await player.get("/", root.loader);
    expect(failed.status).toBe(200);
    expect(await popupsOf(failed)).toBeNull();
    // The view did read the announcements, and got the 5xx.
    const faults = (await (await fetch(`${operator.url}/__reference/faults`)).json()) as { value: { armed: unknown[] } };
    expect(faults.value.armed).toEqual([]);
    const next = await popupsOf(await player.get("/", root.loader));
    expect(next?.length).toBeGreaterThan(0);
    expect(await popupsOf(await player.get("/", root.loader))).toBeNull();
  });
});
