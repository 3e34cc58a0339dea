/** The root loader against operators that differ: a default language of EN, and one that is down. */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { args, getRequest, run, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
beforeAll(async () => {
  operator = await startPortalEnv({ defaultLanguage: "EN" });
});
afterAll(() => operator.close());

it("uses the operator's default when neither ?lng= nor the cookie says otherwise", async () => {
  const root = await import("~/root");
  expect((await (await run(() => root.loader(args(getRequest("/"))))).json()).locale).toBe("EN");
  expect((await (await run(() => root.loader(args(getRequest("/?lng=CN"))))).json()).locale).toBe("CN");
});

it("an operator that does not answer gives a 503 page with the retry text", async () => {
  const root = await import("~/root");
  const { operatorClient } = await import("~/operator/operator.server");
  operatorClient().clearCache();
  await operator.close();
  const response = await run(() => root.loader(args(getRequest("/"))));
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({ notice: { key: "timeout, retry please" } });
});
