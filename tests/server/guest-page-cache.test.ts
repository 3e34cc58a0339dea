/**
 * Guest pages drawn once (decision 042), over the built portal: a second guest is served the page
 * drawn for the first, with its own form token and CSP nonce in the holes, and that token works
 * for its own session only; players' pages are never stored and a guest after a player gets a
 * guest's page. The store's own rules (age, byte bound, the key) are in page-cache.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, findForm, formFields } from "../../bench/html";
import { startLivePortal, type LivePortal } from "../support/live-portal";

let portal: LivePortal;
let stats: () => { entries: number; bytes: number; hits: number; misses: number };

beforeAll(async () => {
  portal = await startLivePortal();
  stats = (portal.build.entry.module as unknown as { guestPageStats: typeof stats }).guestPageStats;
}, 60_000);

afterAll(async () => {
  await portal?.close();
});

interface Page {
  html: string;
  token: string;
  nonce: string;
}

async function view(jar: CookieJar, path: string): Promise<Page> {
  const response = await fetch(portal.url + path, { headers: { Cookie: jar.header() } });
  jar.take(response.headers);
  const html = await response.text();
  expect(response.status).toBe(200);
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
  expect(nonce.length).toBeGreaterThan(10);
  expect(token.length).toBeGreaterThan(10);
  return { html, token, nonce };
}

/** The page with its visitor's token and nonce named, to compare two visitors' pages. */
const holes = (page: Page) => page.html.replaceAll(page.token, "{token}").replaceAll(page.nonce, "{nonce}");

async function postLogin(jar: CookieJar, page: Page, username: string, password: string) {
  const form = findForm(page.html, (f) => /\bname="password"/.test(f.inner))!;
  const response = await fetch(`${portal.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header(), Origin: portal.url },
    body: new URLSearchParams(formFields(form.inner, { username, password })).toString(),
  });
  await response.arrayBuffer();
  jar.take(response.headers);
  return response.status;
}

describe("a guest's page is drawn once and filled per visitor", () => {
  it("serves the second guest the first guest's page with the second guest's own token and nonce", async () => {
    const first = new CookieJar();
    const a = await view(first, "/login");
    const before = stats();
    const second = new CookieJar();
    const b = await view(second, "/login");
    expect(stats().hits).toBe(before.hits + 1);

    expect(b.token).not.toBe(a.token);
    expect(b.nonce).not.toBe(a.nonce);
    expect(b.html).not.toContain(a.token);
    expect(b.html).not.toContain(a.nonce);
    // Every script carries this response's nonce, and the loader data this visitor's token.
    const scripts = [...b.html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(2);
    for (const tag of scripts) expect(tag).toContain(`nonce="${b.nonce}"`);
    expect(b.html).toContain(`"csrfToken":"${b.token}"`);
    expect(holes(b)).toBe(holes(a));

    // The token in the kept page is the second guest's: its post is heard; the first guest's token is refused.
    const stolen = { ...b, html: b.html.replaceAll(b.token, a.token) };
    expect(await postLogin(second, stolen, "player01", "Player123")).toBe(403);
    expect(await postLogin(second, b, "player01", "Player123")).toBe(303);
  });

  it("never keeps a player's page, and a guest after a player gets a guest's page", async () => {
    const player = new CookieJar();
    const login = await view(player, "/login");
    expect(await postLogin(player, login, "player01", "Player123")).toBe(303);
    const before = stats();
    const home = await view(player, "/");
    expect(home.html).toContain("Lucky Player");
    await view(player, "/");
    expect(stats().entries).toBe(before.entries);
    expect(stats().hits).toBe(before.hits);

    const guest = await view(new CookieJar(), "/");
    expect(guest.html).not.toContain("Lucky Player");
    expect(guest.html).not.toContain(home.token);
    expect(guest.html).toContain('"player":null');
  });

  it('draws the quick pick from the address: "again" leads to new numbers, the same address to the same ones', async () => {
    const jar = new CookieJar();
    const home = await view(jar, "/");
    const again = /href="(\/\?qb=[A-Z0-9]+&amp;at=\d+)#quick-bet"/.exec(home.html)?.[1]?.replaceAll("&amp;", "&");
    expect(again).toBeTruthy();
    const next = await view(jar, again!);
    const numbers = (page: Page) => /data-testid="qb-numbers" hidden="">(.*?)<\/span>/s.exec(page.html)?.[1];
    expect(numbers(home)).toMatch(/\d/);
    expect(numbers(next)).not.toBe(numbers(home));
    // The same address again: the same quick pick, for another guest too (the page itself may
    // differ by a second of the countdown).
    const again2 = await view(new CookieJar(), again!);
    expect(numbers(again2)).toBe(numbers(next));
  });
});
