/** An operator whose default language is EN: a visitor with no choice of their own gets EN. */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ReferenceOperator } from "../server/operator/index";
import { args, getRequest, run, startPortalEnv } from "./support/portal";

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
