/**
 * docs/adding-a-page.md follows the code: every file it names exists, and every symbol it names
 * in code style is declared somewhere in the sources. A rename that forgets the guide fails here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const guide = readFileSync(path.join(ROOT, "docs/adding-a-page.md"), "utf8");
const spans = [...guide.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);

function sources(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx|js)$/.test(name)) texts.push(readFileSync(full, "utf8"));
    }
  };
  for (const dir of ["app", "server", "tests", "e2e"]) walk(path.join(ROOT, dir));
  texts.push(readFileSync(path.join(ROOT, "eslint.config.js"), "utf8"));
  return texts.join("\n");
}

describe("docs/adding-a-page.md", () => {
  it("names files that exist", () => {
    // A path: starts with a top-level folder of the checkout and has no placeholder (<area>).
    const paths = spans.filter((span) => /^(app|server|tests|e2e|docs|public)\/[^\s<>*]+$/.test(span) && !span.endsWith("/"));
    expect(paths.length).toBeGreaterThan(25);
    expect(paths.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
  });

  it("names symbols that are declared", () => {
    const code = sources();
    // A symbol: an identifier in camelCase or PascalCase, alone or called (`askPaged(…)`), or a JSX tag.
    const names = new Set(
      spans
        .map((span) => span.match(/^<?([A-Za-z_][A-Za-z0-9_]*)(?:\(.*\))?\s*\/?>?$/)?.[1])
        .filter((name): name is string => Boolean(name) && /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]/.test(name!)),
    );
    expect(names.size).toBeGreaterThan(25);
    // Declared here, imported from a package (conform's useForm), or a field of an answer or
    // an option (`currencyPosition`, `onValidate`).
    const declared = (name: string) =>
      new RegExp(
        `(function\\*?|const|let|class|interface|type|enum)\\s+${name}\\b|(export|import)\\s*(type\\s+)?\\{[^}]*\\b${name}\\b|\\b${name}\\??\\s*:`,
      ).test(code);
    expect([...names].filter((name) => !declared(name))).toEqual([]);
  });
});
