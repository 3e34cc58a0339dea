/**
 * Shared fragments (decision 041) over the built portal: the game menu is drawn once per
 * merchant, language, visitor kind and menu digest and then sent as stored markup to everyone of
 * that kind. Nothing of a visitor may be in it: two players of different kinds and a guest after a
 * player are served here in turn, and every fragment of every page is searched for each
 * visitor's own values (nickname, account, balance, form token, device id, session cookie). The
 * one exception is the form token of a fragment's forms (home's popular games), which each view
 * writes into the stored markup: there it must be the viewer's own, and nowhere else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, findForm, formFields } from "../../bench/html";
import { logIn, startLivePortal, type LivePortal } from "../support/live-portal";

let portal: LivePortal;

beforeAll(async () => {
  portal = await startLivePortal();
}, 60_000);

afterAll(async () => {
  await portal?.close();
});

interface Visit {
  html: string;
  /** This visitor's form token. */
  csrf: string;
  /** Every value of this visitor that must stay on its own page. */
  own: string[];
  fragments: Map<string, string>;
}

/** The [data-fragment] elements of a page: key → inner markup (the element's own closing tag found by depth). */
function fragmentsOf(html: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of html.matchAll(/<(div|footer|section|details) class="[^"]*" data-fragment="([^"]+)">/g)) {
    const tag = m[1];
    let depth = 1;
    let at = m.index + m[0].length;
    const open = new RegExp(`<${tag}\\b|</${tag}>`, "g");
    open.lastIndex = at;
    for (let t = open.exec(html); t; t = open.exec(html)) {
      depth += t[0].startsWith("</") ? -1 : 1;
      if (depth === 0) {
        found.set(m[2], html.slice(at, t.index));
        break;
      }
    }
    at = 0;
  }
  return found;
}

const cookieValue = (jar: CookieJar, name: string) =>
  jar
    .header()
    .split("; ")
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1) ?? "";

async function visit(jar: CookieJar, path: string, own: string[] = []): Promise<Visit> {
  const response = await fetch(portal.url + path, { headers: { Cookie: jar.header() } });
  jar.take(response.headers);
  const html = await response.text();
  expect(response.status).toBe(200);
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  const values = [...own, csrf ?? "", cookieValue(jar, "device_id"), cookieValue(jar, "__session"), cookieValue(jar, "csrf")];
  return { html, csrf: csrf ?? "", own: values.filter((v) => v.length >= 4), fragments: fragmentsOf(html) };
}

async function login(jar: CookieJar, username: string, password: string) {
  expect(await logIn(portal.url, jar, username, password)).toBe(303);
}

/** Each page twice: the first view stores the fragments (the root loader), the second is served from the store too. */
async function twice(jar: CookieJar, path: string, own: string[]) {
  await visit(jar, path, own);
  return visit(jar, path, own);
}

describe("shared fragments hold nothing of a visitor", () => {
  it("two players of different kinds and a guest after a player: no fragment carries any of their values", async () => {
    const player = new CookieJar();
    await login(player, "player01", "Player123");
    const agent = new CookieJar();
    await login(agent, "agent001", "Agent1234");

    const visits: Visit[] = [];
    for (const path of ["/", "/login", "/live"]) {
      visits.push(await twice(player, path, ["Lucky Player", "player01"]));
      visits.push(await twice(agent, path, ["Agent Smith", "agent001"]));
      // A guest right after the players, in the same process, the same language, the same pages.
      visits.push(await twice(new CookieJar(), path, []));
    }

    const everyone = visits.flatMap((v) => v.own);
    // The pages do show each visitor's own name: the search below would find a leak.
    expect(visits[0].html).toContain("Lucky Player");
    expect(visits[1].html).toContain("Agent Smith");
    let tokenFields = 0;
    for (const { fragments, csrf } of visits) {
      expect(fragments.size).toBeGreaterThan(0);
      expect(csrf.length).toBeGreaterThan(8);
      for (const [key, markup] of fragments) {
        // A fragment's forms carry the viewer's token, filled in for this view only.
        const tokens = [...markup.matchAll(/name="csrf" value="([^"]*)"/g)].map((m) => m[1]);
        for (const token of tokens) expect(token, `${key}'s form token`).toBe(csrf);
        tokenFields += tokens.length;
        const rest = markup.replaceAll(`name="csrf" value="${csrf}"`, "");
        for (const value of everyone) expect(rest.includes(value), `${key} holds "${value}"`).toBe(false);
        // A key names the part, merchant, language, kind and a digest: never a visitor.
        expect(key).toMatch(
          /^(menu|language|footer|toolbar|home-blocks|home-lottery-list|home-trend|home-hot|home-banners|home-notices|home-winners)\.[\w-]+\.CN\.(guest|player|player-deposit|trial|agent|all)\.[\w-]{16}$/,
        );
      }
    }
    // Home's popular games are a fragment with forms, for every visitor.
    expect(tokenFields).toBeGreaterThan(0);
    const homes = visits.filter((v) => [...v.fragments.keys()].some((k) => k.startsWith("home-blocks.")));
    expect(homes.length).toBeGreaterThanOrEqual(3);
    for (const home of homes) expect([...home.fragments.keys()].some((k) => k.startsWith("home-hot."))).toBe(true);
  });

  it("every visitor of a kind gets the same markup; kinds get their own (the agent's entry, a guest's gated lottery links)", async () => {
    const guests = [new CookieJar(), new CookieJar()];
    const [a, b] = await Promise.all(guests.map((jar) => twice(jar, "/", [])));
    expect([...a.fragments.keys()]).toEqual([...b.fragments.keys()]);
    // The same markup but for each one's own form token.
    const stored = (v: Visit) => [...v.fragments.values()].map((markup) => markup.replaceAll(v.csrf, "TOKEN"));
    expect(a.csrf).not.toBe(b.csrf);
    expect(stored(a)).toEqual(stored(b));
    const menuOf = (v: Visit) => [...v.fragments.entries()].find(([key]) => key.startsWith("menu."))!;
    expect(menuOf(a)[0]).toContain(".guest.");

    const agent = new CookieJar();
    await login(agent, "agent001", "Agent1234");
    const agentMenu = menuOf(await twice(agent, "/", []));
    expect(agentMenu[0]).toContain(".agent.");
    expect(agentMenu[1]).toContain('data-testid="menu-agent"');
    expect(menuOf(a)[1]).not.toContain('data-testid="menu-agent"');
    // A guest's lottery games lead to the login first; an agent's to the game.
    expect(menuOf(a)[1]).toContain("data-gated");
    expect(agentMenu[1]).not.toContain("data-gated");
  });

  it("home's popular games: plain forms with the viewer's token, keyed by the favourites among them", async () => {
    const hotOf = (v: Visit) => [...v.fragments.entries()].find(([key]) => key.startsWith("home-hot."))!;
    const guest = hotOf(await twice(new CookieJar(), "/", []));
    expect(guest[0]).toContain(".guest.");
    // Play for a guest posts the launch (which leads to the login); no favourite star.
    expect(guest[1]).toContain('data-launch="play"');
    expect(guest[1]).not.toContain("data-favourite");

    const jar = new CookieJar();
    await login(jar, "player01", "Player123");
    const before = await twice(jar, "/", []);
    const [plainKey, plainMarkup] = hotOf(before);
    expect(plainKey).toContain(".player.");
    expect(plainMarkup).not.toContain('aria-pressed="true"');

    // The first tile's star, posted as the browser would without scripts.
    const star = findForm(plainMarkup, (f) => f.attrs.includes("data-favourite"))!;
    const post = async (intent: string) => {
      const response = await fetch(`${portal.url}/games/favourite`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header(), Origin: portal.url },
        body: new URLSearchParams([...formFields(star.inner, {}), ["intent", intent]]).toString(),
      });
      await response.arrayBuffer();
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/");
    };
    await post("add");
    const [favKey, favMarkup] = hotOf(await visit(jar, "/", []));
    expect(favKey).not.toBe(plainKey);
    expect(favMarkup.match(/aria-pressed="true"/g)).toHaveLength(1);

    // Without the favourite, back to the entry every player with none there shares.
    await post("remove");
    expect(hotOf(await visit(jar, "/", []))[0]).toBe(plainKey);
  });

  it("marks the page's own entry on the stored markup, for that view only", async () => {
    const jar = new CookieJar();
    const live = await twice(jar, "/live", []);
    const home = await visit(jar, "/", []);
    const menu = (v: Visit) => [...v.fragments.entries()].find(([key]) => key.startsWith("menu."))![1];
    const [liveMenu, homeMenu] = [menu(live), menu(home)];
    expect(liveMenu).toMatch(/<a aria-current="true" data-menu="LIVE"/);
    expect(liveMenu).toMatch(/<details open="" data-menu="LIVE"/);
    expect(liveMenu).not.toContain('aria-current="page"');
    expect(homeMenu).toMatch(/<a aria-current="page" data-menu="home"/);
    expect(homeMenu).not.toContain('data-menu="LIVE" aria-current');
    expect(homeMenu).not.toMatch(/aria-current="true"/);
  });

  it("leaves the menu's data out of a document's loader data (its markup is in the page)", async () => {
    const { html } = await twice(new CookieJar(), "/login", []);
    const context = /window\.__remixContext = (\{.*?\});<\/script>/s.exec(html)![1];
    const root = JSON.parse(context).state.loaderData.root;
    expect(root.menu).toBeNull();
    expect(root.menuKey).toMatch(/^menu\./);
  });

  it("leaves home's fragment data out of its document, and gives it to a client-side visit", async () => {
    const jar = new CookieJar();
    await login(jar, "player01", "Player123");
    const { html } = await twice(jar, "/", []);
    const home = JSON.parse(/window\.__remixContext = (\{.*?\});<\/script>/s.exec(html)![1]).state.loaderData["routes/_index"];
    expect(home).toMatchObject({ blocks: [], hot: [], lottery: { groups: [] } });
    expect(home.hotKey).toMatch(/^home-hot\./);
    // The markup is in the page instead.
    expect(html).toContain(`data-fragment="${home.hotKey}"`);
    const data = await fetch(`${portal.url}/?_data=routes/_index`, { headers: { Cookie: jar.header() } });
    const visit = (await data.json()) as { hot: unknown[]; blocks: unknown[]; lottery: { groups: unknown[] }; hotKey: string };
    expect(visit.hot).toHaveLength(12);
    expect(visit.blocks.length).toBeGreaterThan(0);
    expect(visit.lottery.groups.length).toBeGreaterThan(0);
    expect(visit.hotKey).toBe(home.hotKey);
  });
});
