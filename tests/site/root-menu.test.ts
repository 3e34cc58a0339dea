/**
 * The root loader's game menu and theme through the route modules, against the reference
 * operator: the vendor list's lanes as groups for every visitor, the agent entry by the session's
 * isAgent, the VIP label, the theme's version, and never the token in the page's data.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { args, CookieJar, getRequest, postRequest, run, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let login: typeof import("~/routes/_auth+/login");

beforeAll(async () => {
  operator = await startPortalEnv();
  root = await import("~/root");
  login = await import("~/routes/_auth+/login");
});

afterAll(async () => {
  await operator.close();
});

async function pageAs(username?: string, password?: string) {
  const jar = new CookieJar();
  const first = await jar.take(await run(() => root.loader(args(getRequest("/login", jar))))).json();
  if (username) {
    const response = await run(() =>
      login.action(args(postRequest("/login", { csrf: first.csrfToken, username, password: password!, redirectTo: "" }, jar))),
    );
    expect(jar.take(response).status).toBe(303);
  }
  const response = jar.take(await run(() => root.loader(args(getRequest("/", jar)))));
  return { text: await response.clone().text(), data: await response.json() };
}

describe("the root loader's game menu", () => {
  it("gives a guest the lanes as groups, with lobbies, icons on the operator's origin, rebates and no agent entry", async () => {
    const { data } = await pageAs();
    expect(data.menu.agent).toBe(false);
    expect(data.menu.groups.map((g: { id: string }) => g.id)).toEqual(["LIVE", "SPORTS", "FISH", "PVP", "ESPORTS", "RNG"]);
    const live = data.menu.groups[0];
    expect(live).toMatchObject({ title: "真人视讯", href: "/live", long: false });
    expect(live.children[0]).toEqual({
      code: "DGL",
      name: "Dragon Gate Live",
      icon: `${operator.url}/res/vendors/DGL.svg`,
      href: "/live?page=DGL",
      rebate: "1.2%",
      hot: true,
      vassalage: false,
    });
    expect(data.menu.groups.at(-1)).toMatchObject({ id: "RNG", long: true });
  });

  it("shows the agent entry to an agent (isAgent 1), not to a member (isAgent 0); the VIP label is the member's clubLabel", async () => {
    const member = await pageAs("player01", "Player123");
    expect(member.data.menu.agent).toBe(false);
    expect(member.data.player).toMatchObject({ account: "player01", vipLabel: "Gold", trial: false });
    const agent = await pageAs("agent001", "Agent1234");
    expect(agent.data.menu.agent).toBe(true);
    expect(agent.data.player).toMatchObject({ account: "agent001", vipLabel: null });
    // The page's data never carries the session's token, nor the isAgent it was decided from.
    expect(agent.text).not.toContain('"token"');
    expect(agent.text).not.toContain("isAgent");
  });

  it("carries the theme's version for the stylesheet's address", async () => {
    const { data } = await pageAs();
    expect(data.site.themeVersion).toMatch(/^[0-9a-f]{16}$/);
  });
});
