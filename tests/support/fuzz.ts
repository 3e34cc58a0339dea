/**
 * Hostile requests, generated: the shapes a fuzzer, a broken client or an attacker sends to the
 * portal's pages and actions. The CI test (tests/server/fuzz.test.ts) runs a few hundred per
 * action with a fixed seed and fails on any 5xx; `npm run fuzz` runs many more and reports counts.
 */
import fc from "fast-check";

export interface FuzzRequest {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** What the request is, for reports. */
  shape: string;
}

export interface FuzzSite {
  /** Paths of routes with an action, and of every page. */
  actionPaths: string[];
  pagePaths: string[];
  /** A real token and the cookie that carries it: posts reach the code behind the CSRF check. */
  csrf: { token: string; cookie: string };
}

/** Field names the portal's forms use, and a few it never does. */
const FIELDS = [
  "username",
  "password",
  "confirmPassword",
  "newPassword",
  "oldPassword",
  "captcha",
  "mobileNum",
  "areaCode",
  "smsCode",
  "verificationCode",
  "authCode",
  "code",
  "email",
  "payeeName",
  "remember",
  "intent",
  "tab",
  "method",
  "redirectTo",
  "lng",
  "agree",
  "agreed",
  "firebaseChannel",
  "firebaseIdToken",
  "affiliateCode",
  "referralCode",
  "name__confirm",
  "from__confirm",
  "id",
  "hash",
  "auth_date",
  "first_name",
  // The games' forms: launch, free trial, favourites, the in-page game's beacon.
  "vendor",
  "gameType",
  "gameId",
  "roomId",
  "nodeId",
  "matchId",
  "newWindow",
  "backTo",
  "key",
  "_client",
  "_fetcher",
  "__proto__",
  "constructor",
  "values[0]",
  "a.b.c",
];

const INTENTS = ["login", "register", "verify", "agree", "send-code", "captcha", "play", "trial", "add", "remove", "", "x".repeat(300)];

/**
 * Targets that start as a path but resolve, through dot segments, to a network-path reference
 * (issue 22: each came back as `//evil.example` and left the site from a 303).
 */
export const DOT_SEGMENT_TARGETS = [
  "/.//evil.example",
  "/%2e//evil.example",
  "/%2E//evil.example",
  "/a/..//evil.example",
  "/%2E%2E//evil.example",
  "/%2e%2E//evil.example",
  "/.%2e//evil.example",
  "/a/%2e%2e//evil.example",
  "/a/b/../..//evil.example",
  "/././/evil.example",
  "/.//evil.example/member?x=1#y",
  "/a/../%2F/evil.example",
  "/a/../%5Cevil.example",
  "/a/../%5cevil.example",
  "/./%2f%2fevil.example",
  "/./\\evil.example",
];

/** Values with a meaning somewhere: redirect targets, odd Unicode, numbers, encodings. */
const NASTY = [
  "",
  " ",
  "0",
  "-1",
  "1e309",
  "NaN",
  "true",
  "null",
  "[]",
  "{}",
  '{"a":[1]}',
  "/\t/evil.example",
  "/\t\\evil.example",
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "https://evil.example",
  "javascript:alert(1)",
  "/%0d%0aSet-Cookie:x=1",
  "/\r\nSet-Cookie: x=1",
  "/\nLocation: https://evil.example",
  "%2F%2Fevil.example",
  "/..%2f..%2f",
  ...DOT_SEGMENT_TARGETS,
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  "\u202e\u2066",
  "ｐｌａｙｅｒ０１",
  "e\u0301\u0301\u0301",
  "💰🎰🀄",
  "ก่อน",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "U2FsdGVkX1+AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
  "player01",
  "Player123",
  "CN",
  "EN",
  "TH",
  "username",
  "mobile",
  "email",
  "google",
];

const value = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((n) => "x".repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }).map((n) => "乐".repeat(n * 100)) },
);

const field = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELDS) }, { weight: 1, arbitrary: fc.string({ maxLength: 20 }) });

/** A form's fields, some repeated, always with the real token unless the case says otherwise. */
const fields = fc.tuple(
  fc.array(fc.tuple(field, value), { maxLength: 12 }),
  fc.constantFrom(...INTENTS),
  fc.array(fc.tuple(fc.constantFrom(...FIELDS), value), { maxLength: 3 }), // repeated names
);

/** Bytes that are not UTF-8 where the body claims text: a percent-encoded lone byte. */
const brokenEncoding = fc.constantFrom("%FF", "%C3", "%E4%B9", "%ED%A0%80", "%00", "%", "%zz", "%%", "+%2", "=&=&==");

function urlEncoded(pairs: Array<[string, string]>): string {
  return new URLSearchParams(pairs).toString();
}

function formBody(token: string): fc.Arbitrary<{ body: string; shape: string }> {
  return fc.oneof(
    fields.map(([pairs, intent, repeated]) => ({
      body: urlEncoded([["csrf", token], ["intent", intent], ...pairs, ...repeated, ...repeated]),
      shape: "form",
    })),
    fc.tuple(fields, brokenEncoding).map(([[pairs], broken]) => ({
      body: `${urlEncoded([["csrf", token], ...pairs])}&${broken}=${broken}`,
      shape: "form, broken encoding",
    })),
    fields.map(([pairs]) => ({ body: urlEncoded([["csrf", token], ["csrf", "forged"], ...pairs]), shape: "form, two tokens" })),
  );
}

const boundary = "----fuzzboundary";

function multipart(token: string): fc.Arbitrary<{ body: string; contentType: string; shape: string }> {
  const part = (name: string | null, v: string) =>
    `--${boundary}\r\nContent-Disposition: form-data${name === null ? "" : `; name="${name}"`}\r\n\r\n${v}\r\n`;
  return fc.oneof(
    fields.map(([pairs]) => ({
      body: [part("csrf", token), ...pairs.map(([k, v]) => part(k, v))].join("") + `--${boundary}--\r\n`,
      contentType: `multipart/form-data; boundary=${boundary}`,
      shape: "multipart",
    })),
    fc.constant({ body: part("csrf", token), contentType: `multipart/form-data; boundary=${boundary}`, shape: "multipart, truncated" }),
    fc.constant({
      body: part(null, "x") + `--${boundary}--\r\n`,
      contentType: `multipart/form-data; boundary=${boundary}`,
      shape: "multipart, part without a name",
    }),
    fc.constant({ body: part("csrf", token), contentType: "multipart/form-data", shape: "multipart without boundary" }),
    fc.constant({ body: part("csrf", token), contentType: "multipart/form-data; boundary=other", shape: "multipart, wrong boundary" }),
    fields.map(([pairs]) => ({
      body:
        part("csrf", token) +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${pairs.map((p) => p.join("=")).join("\n")}\r\n--${boundary}--\r\n`,
      contentType: `multipart/form-data; boundary=${boundary}`,
      shape: "multipart with a file",
    })),
  );
}

const otherBody = fc.oneof(
  fc.constant({ body: '{"username":"player01","password":"x"}', contentType: "application/json", shape: "json" }),
  fc.constant({ body: "{", contentType: "application/json", shape: "json, broken" }),
  fc.constant({ body: "username=player01", contentType: "text/plain", shape: "text" }),
  fc.constant({ body: "<a>1</a>", contentType: "application/xml", shape: "xml" }),
  fc.constant({ body: "\u0000\u0001\u0002", contentType: "application/octet-stream", shape: "octet-stream" }),
  fc.constant({ body: "username=player01", contentType: "", shape: "no content type" }),
  fc.constant({
    body: "username=player01",
    contentType: "application/x-www-form-urlencoded; charset=shift_jis",
    shape: "form, odd charset",
  }),
);

/** Cookies a browser (or a script on a sibling sub-domain) can write. */
function cookies(real: string): fc.Arbitrary<string> {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64");
  const forged = fc.constantFrom(
    `reg_info=${b64({ affiliateCode: ["a"], referralCode: { x: 1 } })}`,
    `reg_info=${b64(["a"])}`,
    `reg_info=${b64(null)}`,
    "reg_info=%%%",
    `device_id=${b64(["x"])}`,
    `device_id=${b64("../../etc")}`,
    `last_username=${b64({ a: 1 })}`,
    "__session=forged.signature",
    "__session=",
    "csrf=forged",
    `lng=${b64(["EN"])}`,
    "lng=XX",
    "i18next=<script>",
    `${"a".repeat(200)}=${"b".repeat(2000)}`,
  );
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(real) },
    { weight: 2, arbitrary: forged.map((f) => `${real}; ${f}`) },
    { weight: 1, arbitrary: forged },
  );
}

const crossSite = fc.oneof(
  { weight: 16, arbitrary: fc.constant({} as Record<string, string>) },
  { weight: 1, arbitrary: fc.constant({ Origin: "null" }) },
  { weight: 1, arbitrary: fc.constant({ Origin: "https://evil.example" }) },
  { weight: 1, arbitrary: fc.constant({ "Sec-Fetch-Site": "cross-site" }) },
  { weight: 1, arbitrary: fc.constant({ "X-Forwarded-Host": "evil.example", Origin: "https://evil.example" }) },
);

/** Percent-encoding that cannot throw: a lone surrogate becomes U+FFFD, as a browser would send it. */
const enc = (v: string) =>
  encodeURIComponent(v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"));

const query = fc.oneof(
  { weight: 3, arbitrary: fc.constant("") },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY).map((v) => `?redirectTo=${enc(v)}`) },
  { weight: 1, arbitrary: fc.constantFrom(...NASTY).map((v) => `?lng=${enc(v)}&tab=${enc(v)}`) },
  { weight: 1, arbitrary: fc.constant("?_data=root") },
  { weight: 1, arbitrary: fc.constant("?index&redirectTo=a&redirectTo=b&lng=EN&lng=TH") },
  { weight: 1, arbitrary: brokenEncoding.map((b) => `?redirectTo=${b}&r=${b}&referralCode=${b}`) },
);

/** Posts to one action: forms, other bodies, cross-site headers, forged cookies, odd queries. */
export function postArb(site: FuzzSite, path: string): fc.Arbitrary<FuzzRequest> {
  const body = fc.oneof(
    { weight: 5, arbitrary: formBody(site.csrf.token).map((b) => ({ ...b, contentType: "application/x-www-form-urlencoded" })) },
    { weight: 2, arbitrary: multipart(site.csrf.token) },
    { weight: 2, arbitrary: otherBody },
  );
  return fc.record({ body, cookie: cookies(site.csrf.cookie), origin: crossSite, query }).map(({ body, cookie, origin, query }) => ({
    method: "POST",
    path: path + query,
    headers: { Cookie: cookie, ...(body.contentType ? { "Content-Type": body.contentType } : {}), ...origin },
    body: body.body,
    shape: `${body.shape}${Object.keys(origin).length ? ", cross-site" : ""}`,
  }));
}

/** Page views with forged cookies and odd queries. */
export function getArb(site: FuzzSite): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({ path: fc.constantFrom(...site.pagePaths), cookie: cookies(site.csrf.cookie), query })
    .map(({ path, cookie, query }) => ({ method: "GET", path: path + query, headers: { Cookie: cookie }, shape: "page view" }));
}

export interface FuzzOutcome {
  request: FuzzRequest;
  status: number;
  /** Where a redirect leads, resolved against the portal. */
  location: URL | null;
  /** Why no answer came (a reset connection). */
  error?: string;
}

/** Sends one generated request; a reset connection counts as a 5xx. */
export async function send(baseUrl: string, request: FuzzRequest): Promise<FuzzOutcome> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(request.headers)) {
    try {
      headers.set(k, v);
    } catch {
      // A header value fetch itself refuses (CR, LF, NUL): no browser could send it either.
    }
  }
  try {
    const response = await fetch(baseUrl + request.path, { method: request.method, headers, body: request.body, redirect: "manual" });
    await response.arrayBuffer();
    const location = response.headers.get("Location");
    return { request, status: response.status, location: location === null ? null : new URL(location, baseUrl) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { request, status: 599, location: null, error: cause?.code ?? cause?.message ?? String(error) };
  }
}

/** One line per request that got a 5xx, short enough to read. */
export function describe(outcome: FuzzOutcome): string {
  const { request } = outcome;
  const body = typeof request.body === "string" ? request.body.slice(0, 160) : "";
  return `${outcome.status}${outcome.error ? ` (${outcome.error})` : ""} ${request.method} ${request.path.slice(0, 80)} [${request.shape}] ${JSON.stringify(request.headers).slice(0, 160)} ${JSON.stringify(body)}`;
}

/** Redirect targets that once left the site or could: each is sent to every route, not left to chance. */
export const REDIRECT_TARGETS = [
  "//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "%2F%2Fevil.example",
  "https://evil.example",
  ...DOT_SEGMENT_TARGETS,
];

/**
 * Every redirect target to every route: on a page view as `?redirectTo=`, `&back=` and
 * `&backTo=`, and on a post as the query and as the `redirectTo` and `backTo` fields (with the
 * real token, so the post reaches the code behind the CSRF check).
 */
export function redirectProbes(site: FuzzSite, shape = "redirect target"): FuzzRequest[] {
  const probes: FuzzRequest[] = [];
  for (const target of REDIRECT_TARGETS) {
    const q = `?redirectTo=${enc(target)}`;
    for (const path of site.pagePaths)
      probes.push({
        method: "GET",
        path: `${path}${q}&back=${enc(target)}&backTo=${enc(target)}`,
        headers: { Cookie: site.csrf.cookie },
        shape,
      });
    for (const path of site.actionPaths)
      probes.push({
        method: "POST",
        path: path + q,
        headers: { Cookie: site.csrf.cookie, "Content-Type": "application/x-www-form-urlencoded" },
        // A favourite's fields too: a post it cannot carry out still goes back to redirectTo.
        body: urlEncoded([
          ["csrf", site.csrf.token],
          ["redirectTo", target],
          ["backTo", target],
          ["intent", "add"],
          ["nodeId", "1"],
          ["vendor", "X"],
          ["gameType", "RNG"],
        ]),
        shape,
      });
  }
  return probes;
}

/** Posts that would end or replace the player's session: the probes as a player leave them out. */
const SESSION_CHANGING = /^\/(login|logout|register|change-password|forgot-password)/;

/**
 * The redirect probes again as a logged-in player, so that they reach the routes that first send
 * a guest to the login (the payment confirmation, the balance buttons, favourites, contracts).
 */
async function playerProbes(
  baseUrl: string,
  site: Omit<FuzzSite, "csrf">,
  guest: { token: string; cookie: string },
  player: { username: string; password: string },
): Promise<FuzzRequest[]> {
  const login = await fetch(`${baseUrl}/login`, {
    method: "POST",
    headers: { Cookie: guest.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: urlEncoded([
      ["csrf", guest.token],
      ["username", player.username],
      ["password", player.password],
      ["redirectTo", "/member"],
    ]),
    redirect: "manual",
  });
  await login.arrayBuffer();
  const jar = new Map(guest.cookie.split("; ").map((c) => [c.slice(0, c.indexOf("=")), c] as const));
  for (const line of login.headers.getSetCookie()) {
    const pair = line.split(";")[0];
    jar.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  if (login.status !== 303 || !jar.has("__session")) throw new Error(`login of ${player.username}: HTTP ${login.status}`);
  const cookie = [...jar.values()].join("; ");
  // The session carries its own token from the login on: read it from a page, as a browser would.
  const page = await (await fetch(`${baseUrl}/member`, { headers: { Cookie: cookie } })).text();
  const token = /name="csrf" value="([^"]+)"/.exec(page)?.[1];
  if (!token) throw new Error("the player's page gave no CSRF token");
  const own = {
    actionPaths: site.actionPaths.filter((p) => !SESSION_CHANGING.test(p)),
    pagePaths: site.pagePaths.filter((p) => !SESSION_CHANGING.test(p)),
  };
  return redirectProbes({ ...own, csrf: { token, cookie } }, "redirect target, logged in");
}

/** Every request of a run, a fixed number per action and for the pages, sent a few at a time. */
export async function fuzz(
  baseUrl: string,
  site: Omit<FuzzSite, "csrf">,
  options: {
    perAction: number;
    pageViews: number;
    seed: number;
    concurrency?: number;
    /** Also sends the redirect probes as this player, after the rest. */
    player?: { username: string; password: string };
  },
): Promise<FuzzOutcome[]> {
  // Generated first, with stand-ins for the token: generating takes a while, and a connection
  // left idle that long is closed by the server's keep-alive timeout.
  const standIn: FuzzSite = { ...site, csrf: { token: "@@TOKEN@@", cookie: "@@COOKIE@@" } };
  const generated = [
    ...site.actionPaths.flatMap((path, i) => fc.sample(postArb(standIn, path), { seed: options.seed + i, numRuns: options.perAction })),
    ...fc.sample(getArb(standIn), { seed: options.seed - 1, numRuns: options.pageViews }),
    ...redirectProbes(standIn),
  ];
  const first = await fetch(`${baseUrl}/login`);
  const html = await first.text();
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("csrf="));
  if (!token || !cookie) throw new Error("GET /login gave no CSRF token");
  const fill = (text: string) => text.replaceAll("@@TOKEN@@", token).replaceAll("@@COOKIE@@", cookie);
  const requests: FuzzRequest[] = generated.map((r) => ({
    ...r,
    body: r.body === undefined ? undefined : fill(r.body),
    headers: Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, fill(v)])),
  }));
  const outcomes: FuzzOutcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) outcomes.push(await send(baseUrl, requests[next++]));
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  if (options.player) {
    requests.length = 0;
    requests.push(...(await playerProbes(baseUrl, site, { token, cookie }, options.player)));
    next = 0;
    await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  }
  return outcomes;
}

/** The route paths of a server build: those with an action, and every page without a parameter. */
export function sitePaths(routes: Record<string, { path?: string; parentId?: string; module: { action?: unknown; loader?: unknown } }>) {
  const fullPath = (id: string): string => {
    const route = routes[id];
    const own = route.path ?? "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, own].filter(Boolean).join("/");
  };
  const actionPaths: string[] = [];
  const pagePaths = new Set<string>(["/no-such-page"]);
  for (const [id, route] of Object.entries(routes)) {
    const path = `/${fullPath(id)}`;
    if (path.includes(":") || path.includes("*")) continue;
    if (route.module.action) actionPaths.push(path);
    if (route.module.loader) pagePaths.add(path);
  }
  return { actionPaths, pagePaths: [...pagePaths] };
}
