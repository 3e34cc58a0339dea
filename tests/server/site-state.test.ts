/**
 * A closed site (issue 26: maintenance, a region's access denied) over the built portal: every
 * way into the routes — a document, a client navigation's data request, a post — answers the
 * site-closed page (503 with Retry-After, or 403) once the operator says so and the status the
 * portal holds has aged out (10 s: the clock is moved, not waited for); the page has both titles,
 * the text in the visitor's language of three, the visitor's IP and the customer-service entries.
 */
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CookieJar, findForm, formFields } from "../../bench/html";
import { logIn, startLivePortal, type LivePortal } from "../support/live-portal";

let portal: LivePortal;
const common = (lang: string) => JSON.parse(readFileSync(`public/locales/${lang}/common.json`, "utf8")) as Record<string, string>;

beforeAll(async () => {
  portal = await startLivePortal();
}, 60_000);

afterAll(async () => {
  vi.useRealTimers();
  await portal?.close();
});

afterEach(async () => {
  await setStatus({ maintenance: false, regionRestriction: false, maintenanceStart: null, maintenanceEnd: null });
  ageOut();
});

async function setStatus(status: Record<string, unknown>) {
  const res = await fetch(`${portal.operator.url}/__reference/site-status`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(status),
  });
  expect(res.ok).toBe(true);
}

/**
 * Moves the clock past the portal's hold on the status (only Date: the servers' timers run on).
 * Always forward: the clock stays moved for the rest of the file, and each call adds to it.
 */
let moved = 0;
function ageOut() {
  moved += 11_000;
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(performance.timeOrigin + performance.now() + moved);
}

const get = (path: string, jar?: CookieJar, headers: Record<string, string> = {}) =>
  fetch(portal.url + path, { redirect: "manual", headers: { ...(jar ? { Cookie: jar.header() } : {}), ...headers } });

describe("a site under maintenance", () => {
  it("answers every page, data request and post with the maintenance page: 503, Retry-After, both titles, IP, service", async () => {
    // A visitor with a login form in hand before the maintenance starts.
    const jar = new CookieJar();
    const login = await get("/login", jar);
    jar.take(login.headers);
    const form = findForm(await login.text(), (f) => /\bname="password"/.test(f.inner))!;

    const end = new Date(Date.now() + 2 * 3600_000 + 30_000);
    await setStatus({
      maintenance: true,
      maintenanceStart: new Date(Date.now() - 3600_000).toISOString(),
      maintenanceEnd: end.toISOString(),
    });
    // Held for up to 10 s (the login page read it a moment ago): still open; once aged out, closed.
    expect((await get("/")).status).toBe(200);
    ageOut();

    const page = await get("/");
    expect(page.status).toBe(503);
    const retryAfter = Number(page.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(7000);
    expect(retryAfter).toBeLessThanOrEqual(7230);
    const html = await page.text();
    expect(html).toContain('data-testid="site-closed"');
    expect(html).toContain(common("EN").site_maintenance_title);
    expect(html).toContain(common("CN").site_maintenance_title);
    expect(html).toContain(common("CN").site_maintenance_text);
    expect(html).toMatch(/data-testid="site-closed-ip">127\.0\.0\.1</);
    expect(html).toMatch(/data-testid="site-closed-end">2\d{3}/);
    // The entries without a label, as a menu: the encrypted one decrypted, the plain one.
    expect(html).toContain(`href="${portal.operator.url}/demo-service/livechat"`);
    expect(html).toContain(`href="${portal.operator.url}/demo-service/comm100"`);
    expect(html).not.toContain("/demo-service/vip-");

    // Any other page, and a client navigation's data request.
    for (const path of ["/lott", "/electron?page=hot", "/login", "/service"]) {
      const other = await get(path);
      expect(other.status, path).toBe(503);
      expect(await other.text()).toContain('data-testid="site-closed"');
    }
    const data = await get("/lott?_data=routes/_lottery+/lott");
    expect(data.status).toBe(503);
    expect(data.headers.get("X-Remix-Catch")).toBe("yes");
    expect(((await data.json()) as { site: { kind: string } }).site.kind).toBe("maintenance");

    // A post takes no effect: the login is not made.
    const post = await fetch(`${portal.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header(), Origin: portal.url },
      body: new URLSearchParams(formFields(form.inner, { username: "player01", password: "Player123" })).toString(),
    });
    expect(post.status).toBe(503);
    expect(post.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    expect(await post.text()).toContain('data-testid="site-closed"');

    // Tools keep working.
    expect((await get("/resources/healthcheck")).status).toBe(200);
  });

  it("writes its text in Thai or Japanese for those languages, in Chinese for every other", async () => {
    await setStatus({ maintenance: true });
    ageOut();
    const text = async (lng: string) => (await (await get(`/?lng=${lng}`)).text()).replaceAll("&#x27;", "'");
    expect(await text("TH")).toContain(common("TH").site_maintenance_text);
    expect(await text("JA")).toContain(common("JA").site_maintenance_text);
    const english = await text("EN");
    expect(english).toContain(common("CN").site_maintenance_text);
    expect(english).not.toContain(common("EN").site_maintenance_text);
    // No end named: come back in five minutes.
    expect((await get("/")).headers.get("Retry-After")).toBe("300");
  });

  it("opens again once the operator says so and the hold has aged out", async () => {
    await setStatus({ maintenance: true });
    ageOut();
    expect((await get("/")).status).toBe(503);
    await setStatus({ maintenance: false });
    ageOut();
    expect((await get("/")).status).toBe(200);
  });
});

describe("a region the site is closed to", () => {
  it("answers 403 with the access-denied page and no Retry-After", async () => {
    await setStatus({ regionRestriction: true });
    ageOut();
    const page = await get("/");
    expect(page.status).toBe(403);
    expect(page.headers.get("Retry-After")).toBeNull();
    const html = await page.text();
    expect(html).toContain(common("EN").site_restricted_title);
    expect(html).toContain(common("CN").site_restricted_title);
    expect(html).toContain('data-kind="restricted"');
    expect(html).not.toContain(common("CN").site_maintenance_start);
  });
});

describe("customer service", () => {
  it("a player of a club label gets that label's entry; a guest the entries without a label", async () => {
    const guest = await (await get("/service")).text();
    expect(guest).toContain("/demo-service/livechat");
    expect(guest).toContain("/demo-service/comm100");
    expect(guest).not.toContain("/demo-service/vip-");

    const jar = new CookieJar();
    expect(await logIn(portal.url, jar, "player01", "Player123")).toBe(303);
    // player01 is Gold.
    const player = await (await get("/service", jar)).text();
    expect(player).toContain("/demo-service/vip-gold");
    expect(player).not.toContain("/demo-service/livechat");
  });
});
