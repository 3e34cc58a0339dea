/**
 * Issue 22 §5, fault answers, in the agent centre: against an operator that answers one call
 * with a 2xx of the wrong shape (`{"success":true,"value":"nonsense"}`), every other call going
 * to the reference operator. The team pages answer 503 with the retry text (never a 400 that
 * blames the agent), and the downline transfer says the wallets cannot be read, as the member's
 * transfer pages do, instead of a form with no balance and no word.
 */
import { createRemixStub } from "@remix-run/testing";
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { loggedIn, type Browser } from "../support/browser";
import { startPortalEnv } from "../support/portal";

/** Operations (the relay's `SERVICE_operation`) answered with a malformed 2xx. */
const fault = vi.hoisted(() => ({ broken: new Set<string>() }));

vi.mock("~/server/config.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/server/config.server")>();
  const faulty = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    if ([...fault.broken].some((operation) => path.endsWith(operation))) {
      return new Response(JSON.stringify({ success: true, value: "nonsense" }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    }
    return fetch(input, init);
  }) as typeof fetch;
  return { ...actual, operatorConfig: () => ({ ...actual.operatorConfig(), fetch: faulty }) };
});

let operator: ReferenceOperator;
let team: typeof import("~/routes/agent+/teamManagement");
let teamBetting: typeof import("~/routes/agent+/teamBetting");
let teamLoss: typeof import("~/routes/agent+/teamLoss");
let transfer: typeof import("~/routes/agent+/transferDownline");

beforeAll(async () => {
  operator = await startPortalEnv();
  team = await import("~/routes/agent+/teamManagement");
  teamBetting = await import("~/routes/agent+/teamBetting");
  teamLoss = await import("~/routes/agent+/teamLoss");
  transfer = await import("~/routes/agent+/transferDownline");
});

afterAll(async () => {
  await operator.close();
});

afterEach(() => {
  fault.broken.clear();
});

type Loader = Parameters<Browser["get"]>[1];

describe("a malformed operator answer", () => {
  const pages: [string, string, string, () => Loader][] = [
    ["team management", "/agent/teamManagement", "MCSFE_getDownlineList", () => team.loader],
    ["team betting", "/agent/teamBetting", "ODSFE2_getTeamBetting", () => teamBetting.loader],
    ["team loss", "/agent/teamLoss", "ODSFE2_getTeamProfit", () => teamLoss.loader],
  ];

  it.each(pages)("makes %s a 503 with the retry text", async (_name, url, operation, loader) => {
    const agent = await loggedIn("agent001", "Agent1234");
    expect((await agent.get(url, loader())).status).toBe(200);
    fault.broken.add(operation);
    const response = await agent.get(url, loader());
    expect(response.status).toBe(503);
    expect(JSON.stringify(await response.json())).toContain("timeout, retry please");
  });

  it("shows the downline transfer with the wallets_unavailable notice when the wallets cannot be read", async () => {
    const agent = await loggedIn("agent001", "Agent1234");
    fault.broken.add("MCSFE_getBalanceV2");
    const response = await agent.get("/agent/transferDownline", transfer.loader);
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.main).toBeNull();

    const i18n = i18next.createInstance();
    const { i18nOptions } = await import("~/i18n/config");
    const { resources } = await import("~/i18n/resources");
    await i18n.use(initReactI18next).init({ ...i18nOptions, lng: "CN", resources });
    // The view arrives after the page (decision 043); renderToString cannot wait for it.
    await transfer.default.preload();
    const Stub = createRemixStub([{ id: "page", path: "/agent/transferDownline", Component: transfer.default, loader: () => null }]);
    const { Namespaces } = await import("~/i18n/translation");
    // The root draws the page's namespaces (its handle's) and the CSRF token; here, these two.
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <AuthenticityTokenProvider token="csrf-token">
          <Namespaces ns={transfer.handle.i18n}>
            <Stub initialEntries={["/agent/transferDownline"]} hydrationData={{ loaderData: { page: data } }} />
          </Namespaces>
        </AuthenticityTokenProvider>
      </I18nextProvider>,
    );
    expect(html).toContain('data-testid="wallets-unavailable"');
    expect(html).toContain((resources.CN.member as Record<string, string>).wallets_unavailable);
    // The form is still there: the agent can read the notice and come back.
    expect(html).toContain('id="transfer-downline"');
    expect(data.walletsUnavailable).toBe(true);

    // With the wallets read (a new session: a view's wallets are kept a moment), no notice and the balance.
    fault.broken.clear();
    const again = await loggedIn("agent001", "Agent1234");
    const well = await (await again.get("/agent/transferDownline", transfer.loader)).json();
    expect(well.walletsUnavailable).toBe(false);
    expect(well.main).not.toBeNull();
  });
});
