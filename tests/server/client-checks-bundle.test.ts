/**
 * Decision 043 over the built portal's browser build (build/metafile.js.json): no page's
 * first-view JavaScript holds zod or conform's zod binding, and the forms' schemas still reach
 * the browser, in a chunk loaded after the page. A view that imports a schema module, or a
 * route that imports one for its action without going through `~/schemas/forms.server`, puts
 * zod back into the page's first chunks (esbuild keeps a live module wherever it is imported),
 * and this fails. decimal.js (13 KiB) is held to the same: the browser writes money with
 * money-format.ts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface Output {
  entryPoint?: string;
  imports: { path: string; kind: string }[];
  inputs: Record<string, { bytesInOutput: number }>;
}

const meta = JSON.parse(readFileSync("build/metafile.js.json", "utf8")) as { outputs: Record<string, Output> };

/** The inputs an output brings with its static imports: what the browser runs before the page is up. */
function firstView(output: string): Set<string> {
  const seen = new Set<string>();
  const inputs = new Set<string>();
  const walk = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const out = meta.outputs[name];
    for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) if (bytesInOutput > 0) inputs.add(input);
    for (const i of out.imports) if (i.kind === "import-statement") walk(i.path);
  };
  walk(output);
  return inputs;
}

const ZOD = /node_modules\/(zod|@conform-to\/zod)\//;
const entries = Object.entries(meta.outputs).filter(([, o]) => o.entryPoint);
const routes = entries.filter(([, o]) => o.entryPoint!.startsWith("browser-route-module:"));

describe("the forms' schemas reach the browser after the page (decision 043)", () => {
  it("the build has the routes it should (a sanity check on the walk)", () => {
    expect(routes.length).toBeGreaterThan(90);
    const login = routes.find(([, o]) => o.entryPoint!.includes("routes/_auth+/login.tsx"));
    expect(login).toBeDefined();
    // The walk follows static imports: the login page's route module is in its first view, its
    // panel (drawn deferred) is not.
    const first = [...firstView(login![0])];
    expect(first.some((i) => i.includes("routes/_auth+/login.tsx"))).toBe(true);
    expect(first.some((i) => i.endsWith("app/components/deferred.tsx"))).toBe(true);
    expect(first.some((i) => i.endsWith("app/features/auth/login-panel.tsx"))).toBe(false);
  });

  it("no route's first-view JS holds zod or @conform-to/zod", () => {
    const heavy = routes
      .map(([name, o]) => ({ route: o.entryPoint!, zod: [...firstView(name)].filter((i) => ZOD.test(i)) }))
      .filter((r) => r.zod.length > 0)
      .map((r) => `${r.route}: ${r.zod.length} zod inputs, e.g. ${r.zod[0]}`);
    expect(heavy).toEqual([]);
  });

  it("no route's first-view JS holds decimal.js: views write money with money-format.ts (the points mall's forms too)", () => {
    const heavy = routes
      .filter(([name]) => [...firstView(name)].some((i) => /node_modules\/decimal\.js\//.test(i)))
      .map(([, o]) => o.entryPoint);
    expect(heavy).toEqual([]);
    const reward = routes.find(([, o]) => o.entryPoint!.includes("pointMall._goods.reward.$rewardId.tsx"));
    expect([...firstView(reward![0])].some((i) => i.endsWith("app/lib/money-format.ts"))).toBe(true);
  });

  it("a deferred form (components/deferred.tsx) and conform are not in its page's first view, but in a chunk of their own", () => {
    for (const [route, form] of [
      ["rewardCenter.apply.$promotionId.tsx", "app/features/member/apply-reward-form.tsx"],
      ["pointMall._goods.reward.$rewardId.tsx", "app/features/points/redeem-form.tsx"],
      ["login.tsx", "app/features/auth/login-panel.tsx"],
      ["register.tsx", "app/features/auth/register-form.tsx"],
      ["transferFund.tsx", "app/routes/member+/transferFund.view.tsx"],
      ["teamBetting.tsx", "app/features/reports/records-filter-form.tsx"],
    ]) {
      const page = routes.find(([, o]) => o.entryPoint!.includes(`/${route}`));
      const first = [...firstView(page![0])];
      expect(first.filter((i) => /node_modules\/@conform-to\//.test(i) || i === form)).toEqual([]);
      const chunk = entries.find(([, o]) => o.entryPoint === form);
      expect(chunk, `${form} is dynamically imported`).toBeDefined();
      expect([...firstView(chunk![0])].some((i) => /node_modules\/@conform-to\/react\//.test(i))).toBe(true);
    }
  });

  it("the schemas module is a chunk of its own, loaded on demand, and it brings zod and every form's schema", () => {
    const forms = entries.find(([, o]) => o.entryPoint === "app/schemas/forms.ts");
    expect(forms, "app/schemas/forms.ts is dynamically imported").toBeDefined();
    const inputs = [...firstView(forms![0])];
    expect(inputs.some((i) => /node_modules\/zod\//.test(i))).toBe(true);
    for (const schema of [
      "app/schemas/login.ts",
      "app/schemas/register.ts",
      "app/features/member/transfer-schema.ts",
      "app/features/points/points-schema.ts",
      "app/features/reports/records-schema.ts",
    ])
      expect(inputs).toContain(schema);
    // And the page's views load it with import(), not an import statement.
    const dynamicallyImported = Object.values(meta.outputs).some((o) =>
      o.imports.some((i) => i.kind === "dynamic-import" && i.path === forms![0]),
    );
    expect(dynamicallyImported).toBe(true);
  });
});
