/**
 * Shared fragments (decision 041) over the built portal: the game menu is drawn once per
 * merchant, language, visitor kind and menu digest and then sent as stored markup to everyone of
 * that kind. Nothing of a visitor may be in it: two players of different kinds and a guest after a
 * player are served here in turn, and every fragment of every page is searched for each
 * visitor's own values (nickname, account, balance, form token, device id, session cookie).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, findForm, formFields } from "../../bench/html";
import { startLivePortal, type LivePortal } from "../support/live-portal";

let portal: LivePortal;

beforeAll(async () => {
  portal = await startLivePortal();
}, 60_000);

afterAll(async () => {
  await portal?.close();
});

interface Visit {
  html: string;
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
  return { html, own: values.filter((v) => v.length >= 4), fragments: fragmentsOf(html) };
}

async function login(jar: CookieJar, username: string, password: string) {
  const page = await fetch(`${portal.url}/login`, { headers: { Cookie: jar.header() } });
  jar.take(page.headers);
  const form = findForm(await page.text(), (f) => /\bname="password"/.test(f.inner))!;
  const post = await fetch(`${portal.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header(), Origin: portal.url },
    body: new URLSearchParams(formFields(form.inner, { username, password })).toString(),
  });
  await post.arrayBuffer();
  jar.take(post.headers);
  expect(post.status).toBe(303);
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
    for (const { fragments } of visits) {
      expect(fragments.size).toBeGreaterThan(0);
      for (const [key, markup] of fragments) {
        for (const value of everyone) expect(markup.includes(value), `${key} holds "${value}"`).toBe(false);
        // A key names the part, merchant, language, kind and a digest: never a visitor.
        expect(key).toMatch(/^(menu|language|footer|home-blocks|home-lottery-list)\.[\w-]+\.CN\.(guest|player|agent|all)\.[\w-]{16}$/);
      }
    }
  });

  it("every visitor of a kind gets the same markup; kinds get their own (the agent's entry, a guest's gated lottery links)", async () => {
    const guests = [new CookieJar(), new CookieJar()];
    const [a, b] = await Promise.all(guests.map((jar) => twice(jar, "/", [])));
    expect([...a.fragments.keys()]).toEqual([...b.fragments.keys()]);
    expect([...a.fragments.values()]).toEqual([...b.fragments.values()]);
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
});
