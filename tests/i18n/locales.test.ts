/** Six complete locales with equal key sets, and every key the app uses present in them. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES, NAMESPACES } from "~/i18n/config";

const load = (lng: string, ns: string) => JSON.parse(readFileSync(`public/locales/${lng}/${ns}.json`, "utf8")) as Record<string, string>;
/** Each language's keys over all namespaces (the key sets are disjoint: checked below). */
const locales = Object.fromEntries(
  LOCALES.map((l) => [l, Object.assign({}, ...NAMESPACES.map((ns) => load(l, ns))) as Record<string, string>]),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Keys the app names in code: t("…"), { key: "…" } notices, and zod messages of the schemas. */
function keysUsedInApp(): Set<string> {
  const keys = new Set<string>();
  for (const file of sourceFiles("app")) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/\bt\("([^"]+)"/g)) keys.add(m[1]);
    for (const m of text.matchAll(/\{ key: "([^"]+)"/g)) keys.add(m[1]);
    for (const m of text.matchAll(/formErrors: \["([^"]+)"\]/g)) keys.add(m[1]);
    for (const m of text.matchAll(/message: "([a-z_0-9]+)"/g)) keys.add(m[1]);
  }
  return keys;
}

describe("locales", () => {
  it("has the six languages of the spec, CN first", () => {
    expect(LOCALES).toEqual(["CN", "TW", "JA", "EN", "TH", "VI"]);
  });

  it.each(LOCALES)("%s has, namespace by namespace, exactly the key set of CN", (lng) => {
    for (const ns of NAMESPACES) expect(Object.keys(load(lng, ns)).sort(), `${lng}/${ns}`).toEqual(Object.keys(load("CN", ns)).sort());
  });

  it("gives each key one namespace: an area's text is not repeated in another", () => {
    const seen = new Map<string, string>();
    for (const ns of NAMESPACES) {
      for (const key of Object.keys(load("CN", ns))) {
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${ns}`).toBeUndefined();
        seen.set(key, ns);
      }
    }
  });

  it("keeps a namespace's text for its area: every route that draws text names its namespace, and `common` holds the notices any page shows", () => {
    const common = load("CN", "common");
    // Flashed notices and catalogue texts appear on whatever page comes next.
    for (const file of sourceFiles("app")) {
      for (const m of readFileSync(file, "utf8").matchAll(/\{ key: "([^"]+)"/g)) expect(common, `${file}: ${m[1]}`).toHaveProperty([m[1]]);
    }
    for (const file of sourceFiles("app/routes/_auth+")) {
      const text = readFileSync(file, "utf8");
      // The handle may say more (seo, decision 039) after its namespace.
      if (/export default function/.test(text)) expect(text, file).toMatch(/handle = \{ i18n: "auth"[ ,]/);
    }
  });

  it.each(LOCALES)("%s has exactly the key set of CN, with no empty text", (lng) => {
    expect(Object.keys(locales[lng]).sort()).toEqual(Object.keys(locales.CN).sort());
    for (const [key, value] of Object.entries(locales[lng])) expect(value.trim(), `${lng}:${key}`).not.toBe("");
  });

  it.each(LOCALES)("%s keeps every interpolation placeholder", (lng) => {
    for (const [key, value] of Object.entries(locales.EN)) {
      const placeholders = value.match(/\{\{\w+\}\}/g) ?? [];
      for (const p of placeholders) expect(locales[lng][key], `${lng}:${key}`).toContain(p);
    }
  });

  it("translates every key the app uses", () => {
    const used = keysUsedInApp();
    expect(used.size).toBeGreaterThan(30);
    const missing = [...used].filter((k) => !(k in locales.CN));
    expect(missing).toEqual([]);
  });

  it("keeps the spec's message keys by their own names", () => {
    for (const key of [
      "in_sorry_in",
      "reg_pattern_4",
      "error_password",
      "in_incorrect_password",
      "in_confirmation_correct",
      "br_enright_cphone",
      "in_register_agreed",
      "timeout, retry please",
    ]) {
      expect(locales.CN, key).toHaveProperty([key]);
    }
  });

  it("is really translated: no other locale copies English wholesale", () => {
    for (const lng of LOCALES.filter((l) => l !== "EN")) {
      const same = Object.keys(locales.EN).filter((k) => locales[lng][k] === locales.EN[k]);
      expect(same.length, `${lng}: ${same.join(", ")}`).toBeLessThan(3);
    }
  });
});
