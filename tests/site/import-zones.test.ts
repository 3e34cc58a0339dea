/**
 * The floors of app/ (issue 24): components import no feature, no route and not the root;
 * features import no route. ESLint holds the rule for new code (eslint.config.js); this proves
 * the rule bites, and walks the real import graph for a circle through app/components/.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const APP = path.join(ROOT, "app");

describe("ESLint import zones", () => {
  const eslint = new ESLint({ cwd: ROOT });
  const errorsOf = async (code: string, file: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
  };

  it("refuses a feature, a route or the root in a component", async () => {
    expect(
      await errorsOf('import { Shell } from "~/features/site/shell";\nexport const a = Shell;\n', "app/components/new.tsx"),
    ).toHaveLength(1);
    expect(await errorsOf('import { x } from "../features/games/menu";\nexport const a = x;\n', "app/components/new.tsx")).toHaveLength(1);
    expect(
      await errorsOf('import type { loader } from "~/root";\nexport type A = typeof loader;\n', "app/components/new.tsx"),
    ).toHaveLength(1);
    expect(await errorsOf('import { x } from "~/routes/_auth+/login";\nexport const a = x;\n', "app/components/new.tsx")).toHaveLength(1);
  });

  it("refuses a route or the root in a feature, but lets features share", async () => {
    expect(
      await errorsOf('import type { X } from "~/routes/_auth+/register.server";\nexport type A = X;\n', "app/features/auth/new.tsx"),
    ).toHaveLength(1);
    expect(
      await errorsOf('import type { loader } from "~/root";\nexport type A = typeof loader;\n', "app/features/games/new.tsx"),
    ).toHaveLength(1);
    expect(await errorsOf('import { Modal } from "~/components/dialog";\nexport const a = Modal;\n', "app/features/games/new.tsx")).toEqual(
      [],
    );
    expect(
      await errorsOf(
        'import { useRootData } from "~/features/site/root-data";\nexport const a = useRootData;\n',
        "app/features/games/new.tsx",
      ),
    ).toEqual([]);
  });
});

/** Every module of app/ and what it imports from app/ (type imports included: they are edges too). */
function importGraph(): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(name)) files.push(full);
    }
  };
  walk(APP);
  const resolve = (from: string, spec: string): string | null => {
    const base = spec.startsWith("~/")
      ? path.join(APP, spec.slice(2))
      : spec.startsWith(".")
        ? path.resolve(path.dirname(from), spec)
        : null;
    if (!base) return null;
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
      if (files.includes(candidate)) return candidate;
    }
    return null;
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    const specs = [...source.matchAll(/^\s*(?:import|export)\b[^;]*?from\s+"([^"]+)"/gms)].map((m) => m[1]);
    graph.set(
      file,
      specs.map((spec) => resolve(file, spec)).filter((to): to is string => to !== null),
    );
  }
  return graph;
}

describe("the import graph", () => {
  const graph = importGraph();

  it("is read from the real tree (the root reaches the shell)", () => {
    expect(graph.get(path.join(APP, "root.tsx"))).toContain(path.join(APP, "features/site/shell.tsx"));
  });

  it("has no circle through app/components/", () => {
    const components = [...graph.keys()].filter((file) => file.startsWith(path.join(APP, "components") + path.sep));
    expect(components.length).toBeGreaterThan(5);
    const circles: string[] = [];
    for (const start of components) {
      // Depth-first from each component: a path that comes back to it is a circle.
      const seen = new Set<string>();
      const stack: [string, string[]][] = [[start, [start]]];
      while (stack.length) {
        const [node, trail] = stack.pop()!;
        for (const next of graph.get(node) ?? []) {
          if (next === start) circles.push(trail.map((f) => path.relative(APP, f)).join(" → "));
          else if (!seen.has(next)) {
            seen.add(next);
            stack.push([next, [...trail, next]]);
          }
        }
      }
    }
    expect(circles).toEqual([]);
  });
});
