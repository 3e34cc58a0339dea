/** Small HTML / JS / cookie helpers for the benchmark (regex-level: the input is our own markup). */

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'", "#x27": "'" };
export const decodeEntities = (s: string) => s.replace(/&(#?\w+);/g, (m, e: string) => ENTITIES[e] ?? m);

/** Value of one attribute in a tag's attribute text ("" for a bare attribute). */
export function htmlAttr(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?(?=\\s|/?$|/?>)`, "i").exec(attrs);
  if (!m) return undefined;
  return decodeEntities(m[1] ?? m[2] ?? m[3] ?? "");
}

function tags(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "gi"))].map((m) => m[1]);
}

export interface JsEntry {
  href: string;
  via: string;
}

/** Stylesheets and JS modules a page loads: link rel=stylesheet, script src, modulepreload, inline module imports. */
export function pageAssets(html: string): { css: string[]; js: JsEntry[] } {
  const css: string[] = [];
  const js: JsEntry[] = [];
  for (const attrs of tags(html, "link")) {
    const rel = (htmlAttr(attrs, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = htmlAttr(attrs, "href");
    if (!href) continue;
    if (rel.includes("stylesheet")) css.push(href);
    if (rel.includes("modulepreload")) js.push({ href, via: "modulepreload" });
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = htmlAttr(m[1], "src");
    if (src) js.push({ href: src, via: "script src" });
    else for (const spec of jsModuleImports(m[2], true)) js.push({ href: spec, via: "inline import" });
  }
  return { css: [...new Set(css)], js };
}

/**
 * Module specifiers a script imports: `import "x"`, `import … from "x"`, `export … from "x"`
 * and, when asked (inline entry scripts, where Remix starts the app with one), `import("x")`.
 */
export function jsModuleImports(code: string, includeDynamic = false): string[] {
  const out = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(["'])([^"']+)\1/g)) out.add(m[2]);
  for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\b[^;"'()]*?\bfrom\s*(["'])([^"']+)\1/g)) out.add(m[2]);
  if (includeDynamic) for (const m of code.matchAll(/\bimport\(\s*(["'])([^"']+)\1\s*\)/g)) out.add(m[2]);
  return [...out];
}

/** The first <form> whose content matches; attrs = its tag's attribute text, inner = its content. */
export function findForm(html: string, pick: (f: { attrs: string; inner: string }) => boolean) {
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const f = { attrs: m[1], inner: m[2] };
    if (pick(f)) return f;
  }
  return undefined;
}

/**
 * The fields a browser submits for a form: every named input (checkboxes and radios only when
 * checked; submit buttons left out), with `fill` typed into the fields it names.
 */
export function formFields(inner: string, fill: Record<string, string>): [string, string][] {
  const out: [string, string][] = [];
  for (const attrs of tags(inner, "input")) {
    const name = htmlAttr(attrs, "name");
    if (!name || htmlAttr(attrs, "disabled") !== undefined) continue;
    const type = (htmlAttr(attrs, "type") ?? "text").toLowerCase();
    if (type === "submit" || type === "button" || type === "image" || type === "reset" || type === "file") continue;
    if ((type === "checkbox" || type === "radio") && htmlAttr(attrs, "checked") === undefined) continue;
    out.push([name, fill[name] ?? htmlAttr(attrs, "value") ?? (type === "checkbox" ? "on" : "")]);
  }
  return out;
}

/** A cookie jar the size of this job: name → value, a later Set-Cookie replaces an earlier one. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  has(name: string) {
    return this.cookies.has(name);
  }

  names(): string[] {
    return [...this.cookies.keys()];
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/**
 * Logs the jar in through the login page's own form, as a browser without scripts would: GET
 * /login, post its form with its hidden fields, keep the cookies. Answers the post's status.
 */
export async function logInThroughForm(base: string, jar: CookieJar, username: string, password: string): Promise<number> {
  const page = await fetch(`${base}/login`, { headers: { Cookie: jar.header() } });
  jar.take(page.headers);
  const form = findForm(await page.text(), (f) => /\bname="password"/.test(f.inner));
  if (!form) throw new Error(`${base}: the login page has no login form`);
  const post = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header(), Origin: base, Referer: `${base}/login` },
    body: new URLSearchParams(formFields(form.inner, { username, password })).toString(),
  });
  await post.arrayBuffer();
  jar.take(post.headers);
  return post.status;
}
