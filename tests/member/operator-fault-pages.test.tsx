/**
 * Issue 22 §5, fault answers: the member centre's pages against an operator that answers a
 * page's call with a 2xx of the wrong shape (`{"success":true,"value":"nonsense"}`), every other
 * call going to the reference operator. A failing operator is a 503 with the retry text, never a
 * 400 that blames the player: the records, the inbox and the rebates. And a refused proof upload
 * on /payment-confirmation keeps its message when no receipt is left, instead of a silent 303.
 */
import { createRemixStub } from "@remix-run/testing";
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { loggedIn, type Browser } from "../support/browser";
import { getRequest, referenceValue, run, startPortalEnv } from "../support/portal";

/** Operations (the relay's `SERVICE_operation` or a path's end) answered with a malformed 2xx. */
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
let records: typeof import("~/routes/member+/personalHistoryCopy");
let transactions: typeof import("~/routes/member+/transactionHistory");
let profit: typeof import("~/routes/member+/personalProfit");
let inbox: typeof import("~/routes/member+/messageV2");
let bonus: typeof import("~/routes/member+/bonusDetails");
let confirmation: typeof import("~/routes/payment-confirmation");
let root: typeof import("~/root");

beforeAll(async () => {
  operator = await startPortalEnv();
  records = await import("~/routes/member+/personalHistoryCopy");
  transactions = await import("~/routes/member+/transactionHistory");
  profit = await import("~/routes/member+/personalProfit");
  inbox = await import("~/routes/member+/messageV2");
  bonus = await import("~/routes/member+/bonusDetails");
  confirmation = await import("~/routes/payment-confirmation");
  root = await import("~/root");
});

afterAll(async () => {
  await operator.close();
});

afterEach(() => {
  fault.broken.clear();
});

const RETRY = "timeout, retry please";

type Loader = Parameters<Browser["get"]>[1];

describe("a malformed operator answer", () => {
  const pages: [string, string, string, () => Loader, string][] = [
    ["betting records", "/member/personalHistoryCopy", "ODSFE2_getBettingRecords", () => records.loader, "player01"],
    ["account records", "/member/transactionHistory", "ODSFE2_MemTransDet", () => transactions.loader, "player01"],
    ["personal profit", "/member/personalProfit", "ODSFE2_getPersonalProfit", () => profit.loader, "player01"],
    ["the inbox", "/member/messageV2", "CSP_getInbox", () => inbox.loader, "player01"],
    ["the rebates", "/member/bonusDetails", "MCSFE_getRebate", () => bonus.loader, "rebate01"],
  ];
  const passwords: Record<string, string> = { player01: "Player123", rebate01: "Rebate123" };

  it.each(pages)("makes %s a 503 with the retry text", async (_name, url, operation, loader, username) => {
    const browser = await loggedIn(username, passwords[username]);
    // A first view while the operator is well: the centre's facts (which pages are open; the
    // rebates page's own call among them) are kept a few seconds, so only the page's call breaks.
    expect((await browser.get(url, loader())).status).toBe(200);
    fault.broken.add(operation);
    const response = await browser.get(url, loader());
    expect(response.status).toBe(503);
    expect(JSON.stringify(await response.json())).toContain(RETRY);
  });
});

describe("a refused proof upload with no receipt left", () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

  /** A multipart post of the confirmation form; `context` is the HTTP request's load context. */
  function post(browser: Browser, fields: Record<string, string>, proof: boolean, context: Record<string, unknown>) {
    const form = new FormData();
    form.set("csrf", browser.csrf());
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (proof) form.append("proof", new File([PNG], "proof.png", { type: "image/png" }));
    const request = new Request("http://portal.test/payment-confirmation", {
      method: "POST",
      headers: { Cookie: browser.jar.header() },
      body: form,
    });
    return run(() => confirmation.action({ request, context, params: {} }));
  }

  it("answers the refusal and draws it, where the page would have sent the player away", async () => {
    await referenceValue(operator, "/__reference/payment-confirmations/reset", {});
    const payee = await loggedIn("payee01", "Payee1234");
    const page = await (await payee.get("/payment-confirmation?redirectTo=%2Felectron", confirmation.loader)).json();
    const ids: string[] = (await referenceValue(operator, "/__reference/payment-confirmations"))
      .filter((r: { answer: string | null }) => r.answer === null)
      .map((r: { payDetailId: number }) => String(r.payDetailId));
    expect(ids).toContain(page.item.payDetailId);
    // Every receipt answered (another tab, the operator's own confirmation) …
    for (const id of ids) {
      const done = await post(payee, { intent: "received", payDetailId: id, once: `done-${id}-xxxxxxxxxxxxxxxx` }, false, {});
      expect(done.status).toBe(303);
    }
    // The page after those posts showed their notice (the root loader takes the flash).
    await payee.get("/", root.loader);
    // … then this page's "not received" with its proof: the operator refuses it.
    const context = { clientIp: "10.0.0.1" };
    const fields = { intent: "notReceived", payDetailId: page.item.payDetailId, once: page.once, redirectTo: "/electron" };
    const refused = await post(payee, fields, true, context);
    expect(refused.status).toBe(400);
    const answer = (await refused.json()) as { error: string; payDetailId: string };
    expect(answer.error).not.toBe("");

    // Remix draws a plain post's answer with the page's loader, in the same request.
    const drawn = await run(() =>
      confirmation.loader({ request: getRequest("/payment-confirmation?redirectTo=%2Felectron", payee.jar), context, params: {} }),
    );
    expect(drawn.status).toBe(200);
    const data = await drawn.json();
    expect(data.item).toBeNull();

    const i18n = i18next.createInstance();
    const { i18nOptions } = await import("~/i18n/config");
    const { resources } = await import("~/i18n/resources");
    await i18n.use(initReactI18next).init({ ...i18nOptions, lng: "CN", resources });
    const Page = confirmation.default;
    const Stub = createRemixStub([{ id: "page", path: "/payment-confirmation", Component: Page, loader: () => null }]);
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <Stub initialEntries={["/payment-confirmation"]} hydrationData={{ loaderData: { page: data }, actionData: { page: answer } }} />
      </I18nextProvider>,
    );
    const shown = i18n.t(answer.error, { ns: ["common", "member"] });
    expect(html).toContain('id="confirmation-error"');
    expect(html).toContain(shown);

    // A plain visit with nothing left still goes back where the player was.
    const visit = await payee.get("/payment-confirmation?redirectTo=%2Felectron", confirmation.loader);
    expect(visit.status).toBe(303);
    expect(visit.headers.get("Location")).toBe("/electron");
  });
});
