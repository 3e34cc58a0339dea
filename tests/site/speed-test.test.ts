/**
 * The domain speed test (document 001, section 2 screen 15; section 4; decision 047): the speed
 * classes, which domain names become origins (only plain http(s) origins), the server's
 * measurement against the real reference operator (its /res/logo.png under 127.0.0.1 and
 * localhost, one slowed by its test hook, and a port nothing listens on), the page's loader with
 * its headers, and a page that survives an operator that does not answer.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { getRequest, run, startPortalEnv } from "../support/portal";
import { answeredMs, speedClass } from "~/features/content/speed-class";

let reference: ReferenceOperator;
let speed: typeof import("~/features/content/speed-test.server");
let route: typeof import("~/routes/_content+/speed-test");
let headersModule: typeof import("~/server/security-headers.server");

const SLOW_MS = 300;

async function setRoutes(body: Record<string, unknown>) {
  const response = await fetch(`${reference.url}/__reference/domain-routes`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

const localhostOf = (url: string) => url.replace("127.0.0.1", "localhost");

beforeAll(async () => {
  reference = await startPortalEnv();
  // The list is a cached settings read; these tests change it between views.
  process.env.OPERATOR_CACHE_MS = "0";
  speed = await import("~/features/content/speed-test.server");
  route = await import("~/routes/_content+/speed-test");
  headersModule = await import("~/server/security-headers.server");
  await setRoutes({ delays: { [new URL(localhostOf(reference.url)).host]: SLOW_MS } });
  // The process's first request sets up its HTTP client (hundreds of ms on a busy machine): not a domain's time.
  await speed.measureDomain(reference.url);
});

afterAll(async () => {
  await reference?.close().catch(() => {});
});

describe("the reference operator's domain routes", () => {
  const merchant = () => ({ Merchant: reference.merchantCode });

  it("serves the list (itself under both names, then a port nothing listens on) and the same in the status' info", async () => {
    const answer = await (await fetch(`${reference.url}/wps/system/domainRoute`, { headers: merchant() })).json();
    const own = new URL(reference.url).origin;
    expect(answer.value.map((d: { domainName: string }) => d.domainName).slice(0, 2)).toEqual([own, localhostOf(own)]);
    expect(answer.value).toHaveLength(3);
    for (const d of answer.value) expect(typeof d.speed).toBe("number");
    const closed = answer.value[2].domainName as string;
    await expect(fetch(`${closed}/res/logo.png`)).rejects.toThrow();
    const status = await (await fetch(`${reference.url}/wps/system/status`, { headers: merchant() })).json();
    expect(status.value.info.domainRoute).toEqual(answer.value);
  });

  it("serves /res/logo.png as a real PNG, never cached, slowed by Host when a test asks", async () => {
    const logo = await fetch(`${reference.url}/res/logo.png?t=1`);
    expect([logo.status, logo.headers.get("content-type"), logo.headers.get("cache-control")]).toEqual([200, "image/png", "no-store"]);
    expect([...new Uint8Array(await logo.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    const refused = await fetch(`${reference.url}/__reference/domain-routes`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ delays: { "localhost:1": 60_000 } }),
    });
    expect(refused.status).toBe(400);
  });
});

describe("the speed classes", () => {
  it.each([
    [0, "unreachable"],
    [-5, "unreachable"],
    [Number.NaN, "unreachable"],
    [1, "fast"],
    [80, "fast"],
    [81, "normal"],
    [150, "normal"],
    [151, "slow"],
    [2999, "slow"],
  ] as const)("%s ms is %s", (ms, cls) => {
    expect(speedClass(ms)).toBe(cls);
  });

  it("a domain that answered is never 0 ms, however fast", () => {
    expect(answeredMs(0.2)).toBe(1);
    expect(answeredMs(80.4)).toBe(80);
    expect(answeredMs(80.6)).toBe(81);
  });
});

describe("which domain names are timed and linked", () => {
  it.each([
    ["www.example.com", "https://www.example.com"],
    ["  WWW.Example.COM  ", "https://www.example.com"],
    ["http://127.0.0.1:4010", "http://127.0.0.1:4010"],
    ["https://m.example.com/", "https://m.example.com"],
    ["https://m.example.com:8443", "https://m.example.com:8443"],
  ])("%j is the origin %s", (name, origin) => {
    expect(speed.domainOrigin(name)).toBe(origin);
  });

  it.each([
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "ftp://files.example.com",
    "https://user:pw@example.com",
    "https://example.com/path",
    "https://example.com/?next=https://evil.example",
    "https://example.com/#x",
    "example.com\\@evil.example",
    "exa mple.com",
    "http://[::1]:80",
    "https://exa_mple.com",
    "",
    42,
    null,
    { domainName: "x" },
  ])("%j is left out", (name) => {
    expect(speed.domainOrigin(name)).toBeNull();
  });

  it("keeps the operator's order, each origin once, and at most MAX_DOMAINS", () => {
    const entries = [
      { domainName: "b.example" },
      { domainName: "a.example", speed: 3 },
      { domainName: "https://b.example" },
      { domainName: "javascript:alert(1)" },
      "c.example",
      ...Array.from({ length: 40 }, (_, i) => ({ domainName: `m${i}.example` })),
    ];
    const origins = speed.domainOrigins(entries);
    expect(origins.slice(0, 3)).toEqual(["https://b.example", "https://a.example", "https://c.example"]);
    expect(origins).toHaveLength(speed.MAX_DOMAINS);
  });
});

describe("the server's measurement", () => {
  it("times the reference operator's logo; a port nothing listens on is 0 (unreachable)", async () => {
    const fast = await speed.measureDomain(reference.url);
    expect(fast).toBeGreaterThan(0);
    expect(fast).toBeLessThan(SLOW_MS);
    const slow = await speed.measureDomain(localhostOf(reference.url));
    expect(slow).toBeGreaterThanOrEqual(SLOW_MS);
    expect(speedClass(slow)).toBe("slow");
    expect(await speed.measureDomain("http://127.0.0.1:9")).toBe(0);
  });

  it("gives up at the timeout", async () => {
    const started = performance.now();
    expect(await speed.measureDomain(localhostOf(reference.url), 100)).toBe(0);
    expect(performance.now() - started).toBeLessThan(SLOW_MS);
  });

  it("a status of 400 or more is unreachable, as a browser's image would fail", async () => {
    const missing = createServer((_req, res) => res.writeHead(404).end("no logo here"));
    await new Promise<void>((resolve) => missing.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = missing.address() as AddressInfo;
      expect(await speed.measureDomain(`http://127.0.0.1:${port}`)).toBe(0);
    } finally {
      await new Promise((resolve) => missing.close(resolve));
    }
  });
});

describe("the page's loader", () => {
  it("lists the operator's domains with their times and classes, unreachable and slow among them", async () => {
    const response = await run(() => route.loader({ request: getRequest("/speed-test?lng=EN"), params: {}, context: {} }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const data = (await response.json()) as Awaited<ReturnType<Awaited<ReturnType<typeof route.loader>>["json"]>>;
    expect(data.unavailable).toBe(false);
    expect(data.meta.title).toBe("Domain speed test");
    const byOrigin = new Map(data.domains.map((d) => [d.origin, d]));
    const own = new URL(reference.url).origin;
    expect(speedClass(byOrigin.get(own)!.ms)).not.toBe("unreachable");
    expect(speedClass(byOrigin.get(localhostOf(own))!.ms)).toBe("slow");
    expect(data.domains.filter((d) => speedClass(d.ms) === "unreachable")).toHaveLength(1);
    expect(byOrigin.get(own)!.name).toBe(new URL(own).host);

    // The plain-http origins go to the page's CSP, and only to this answer's.
    const named = response.headers.get(headersModule.IMAGE_ORIGINS_HEADER)!.split(" ");
    expect(named).toEqual(data.domains.map((d) => d.origin));
    const page = new Headers(response.headers);
    headersModule.securityHeaders(page, "nonce");
    expect(page.get(headersModule.IMAGE_ORIGINS_HEADER)).toBeNull();
    const imgSrc = page
      .get("Content-Security-Policy")!
      .split("; ")
      .find((d) => d.startsWith("img-src "))!;
    for (const origin of named) expect(imgSrc).toContain(origin);
    const other = new Headers();
    headersModule.securityHeaders(other, "nonce");
    expect(other.get("Content-Security-Policy")).not.toContain(localhostOf(own));
  });

  it("a forged image-origins header cannot break out of the CSP's grammar", () => {
    const page = new Headers({ [headersModule.IMAGE_ORIGINS_HEADER]: "http://ok.example; script-src * 'unsafe-inline' http://a.example" });
    headersModule.securityHeaders(page, "nonce");
    const csp = page.get("Content-Security-Policy")!;
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("ok.example");
    expect(csp).toContain("http://a.example");
  });

  it("times and links only the http(s) origins of a hostile list", async () => {
    await setRoutes({
      domains: [
        { domainName: "javascript:alert(1)" },
        { domainName: "https://evil.example/redirect?to=x" },
        { domainName: "data:text/html,x" },
        { domainName: `${reference.url}` },
        { domainName: "http://127.0.0.1:4010 script-src *" },
      ],
    });
    try {
      // A later time than the first view's: the held measurement is for another list anyway.
      const response = await run(() => route.loader({ request: getRequest("/speed-test"), params: {}, context: {} }));
      const data = (await response.json()) as { domains: { origin: string }[] };
      expect(data.domains.map((d) => d.origin)).toEqual([new URL(reference.url).origin]);
    } finally {
      await setRoutes({ domains: null });
    }
  });

  it("an operator that does not answer gives the page's empty state, never a 5xx", async () => {
    await reference.close();
    const response = await run(() => route.loader({ request: getRequest("/speed-test"), params: {}, context: {} }));
    expect(response.status).toBe(200);
    const data = (await response.json()) as { domains: unknown[]; unavailable: boolean };
    expect(data).toMatchObject({ domains: [], unavailable: true });
  });
});
