/**
 * The member centre's frame through its route modules, against the reference operator: the gate
 * (guest, trial), the menu by switches and member type, a hidden page refused by its address, and
 * the balance's refresh and hide/show posts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { args, getRequest, run, setFeatures as setSwitches, startPortalEnv } from "../support/portal";
import { loggedIn, newBrowser as visitor } from "../support/browser";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let freePlay: typeof import("~/routes/_auth+/login.freeplay");
let layout: typeof import("~/routes/member+/_layout");
let overview: typeof import("~/routes/member+/index");
let balance: typeof import("~/routes/resources+/balance");
let centre: typeof import("~/features/member/centre.server");

beforeAll(async () => {
  operator = await startPortalEnv();
  root = await import("~/root");
  freePlay = await import("~/routes/_auth+/login.freeplay");
  layout = await import("~/routes/member+/_layout");
  overview = await import("~/routes/member+/index");
  balance = await import("~/routes/resources+/balance");
  centre = await import("~/features/member/centre.server");
});

afterAll(async () => {
  await operator.close();
});

const setFeatures = (features: Record<string, boolean>) => setSwitches(operator, features);

afterEach(async () => {
  await setFeatures({ CREDITMAR3: false, MAILCEN: true, FEEDBACK3: true, DEPOSIT: true });
});

type Menu = { title: string; routeKeys: string[] }[];
const keysOf = (menu: Menu) => menu.flatMap((g) => g.routeKeys);

describe("the member centre's gate", () => {
  it("sends a guest to the login page and back", async () => {
    const guest = await visitor();
    const response = await guest.get("/member/transferFund", layout.loader);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/member/transferFund")}`);
  });

  it("refuses a free-play account with 'please use a real account'", async () => {
    const trial = await visitor();
    const started = await trial.post("/login/freeplay", {}, freePlay.action);
    expect(started.status).toBe(303);
    const refused = await trial.get("/member", overview.loader);
    expect(refused.status).toBe(303);
    const home = await (await trial.get("/", root.loader)).json();
    expect(home.notice).toEqual({ key: "in_please_account" });
  });
});

describe("the menu", () => {
  it("shows a member the centre's pages, with the records and the account pages", async () => {
    const player = await loggedIn("player01", "Player123");
    const data = await (await player.get("/member", layout.loader)).json();
    const keys = keysOf(data.menu);
    for (const key of [
      "securityCenter",
      "transferFund",
      "depositv2",
      "withdraw",
      "personalHistoryCopy",
      "messageV2",
      "feedback",
      "playerRank",
    ]) {
      expect(keys).toContain(key);
    }
    // The demo member has no upline.
    expect(keys).not.toContain("transferUpline");
    expect(data.info.account).toBe("player01");
    expect(data.info.vipLabel).toBe("Gold");
    expect(data.info.vipColor).toMatch(/^#/);
    expect(data.info.balance).toBe("¥12,345.68");
  });

  it("hides deposit and withdraw under the credit margin switch, and refuses their addresses", async () => {
    await setFeatures({ CREDITMAR3: true });
    const player = await loggedIn("player01", "Player123");
    const keys = keysOf((await (await player.get("/member", layout.loader)).json()).menu);
    expect(keys).not.toContain("depositv2");
    expect(keys).not.toContain("withdraw");
    const refused = await run(() => centre.requireMemberPage(getRequest("/member/depositv2", player.jar), "depositv2"));
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/member");
    const page = await (await player.get("/member", root.loader)).json();
    expect(page.notice).toEqual({ key: "member_page_closed" });
  });

  it("hides the mail centre and feedback by their switches", async () => {
    await setFeatures({ MAILCEN: false, FEEDBACK3: false });
    const player = await loggedIn("player01", "Player123");
    const data = await (await player.get("/member", layout.loader)).json();
    expect(keysOf(data.menu)).not.toContain("messageV2");
    expect(keysOf(data.menu)).not.toContain("feedback");
    expect(data.info.unread).toBeNull();
  });

  it("never shows an agent the referral page", async () => {
    const agent = await loggedIn("agent001", "Agent1234");
    const keys = keysOf((await (await agent.get("/member", layout.loader)).json()).menu);
    expect(keys).not.toContain("referral");
    expect(keys).toContain("securityCenter");
  });
});

describe("the balance's buttons", () => {
  it("hides and shows the balance for this browser, coming back to the page it was sent from", async () => {
    const player = await loggedIn("player01", "Player123");
    const hidden = await player.post("/resources/balance", { intent: "hide", redirectTo: "/member" }, balance.action);
    expect(hidden.status).toBe(303);
    expect(hidden.headers.get("Location")).toBe("/member");
    expect((await (await player.get("/member", root.loader)).json()).player.balanceHidden).toBe(true);
    expect((await (await player.get("/member", overview.loader)).json()).info.balanceHidden).toBe(true);
    await player.post("/resources/balance", { intent: "show", redirectTo: "/member" }, balance.action);
    expect((await (await player.get("/member", root.loader)).json()).player.balanceHidden).toBe(false);
  });

  it("refreshes without leaving the site, whatever the return address says", async () => {
    const player = await loggedIn("player01", "Player123");
    for (const redirectTo of ["https://evil.example/", "//evil.example", "/\\evil", ""]) {
      const answer = await player.post("/resources/balance", { intent: "refresh", redirectTo }, balance.action);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/");
    }
  });

  it("answers a script's post (?stay) with data, not a redirect", async () => {
    const player = await loggedIn("player01", "Player123");
    const answer = await player.post("/resources/balance?stay=1", { intent: "refresh" }, balance.action);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ intent: "refresh" });
  });

  it("reads a forged hide cookie as absent", async () => {
    const player = await loggedIn("player01", "Player123");
    const request = getRequest("/member", player.jar);
    request.headers.set("Cookie", `${request.headers.get("Cookie")}; balance_hidden=forged`);
    const data = await (await run(() => root.loader(args(request)))).json();
    expect(data.player.balanceHidden).toBe(false);
  });
});
