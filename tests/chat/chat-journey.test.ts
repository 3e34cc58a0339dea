/**
 * The chat against the reference operator (decision 048): its gates (guest, trial account, the
 * switch, the permission), the server's token flow with the stand-in live-chat provider and the
 * frame's redirect, the provider failing (a page that says so, never a 5xx), the other chat
 * window (auth key and merchantCode), the unread count, and the token kept out of every page
 * and loader data (token-privacy).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { loggedIn, newBrowser, type Browser } from "../support/browser";
import { args, run, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let page: typeof import("~/routes/_content+/chat");
let frame: typeof import("~/routes/resources+/chat-frame");
let status: typeof import("~/routes/resources+/chat");
let player: Browser;

const reference = async (path: string, body: unknown) => {
  const response = await fetch(`${operator.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { value: Record<string, unknown> };
};
const chatHook = (body: Record<string, unknown>) => reference("/__reference/chat", body);

beforeAll(async () => {
  operator = await startPortalEnv();
  // The switch is flipped below: read it fresh, as the journeys do.
  process.env.OPERATOR_CACHE_MS = "0";
  root = await import("~/root");
  page = await import("~/routes/_content+/chat");
  frame = await import("~/routes/resources+/chat-frame");
  status = await import("~/routes/resources+/chat");
  player = await loggedIn("player01", "Player123");
});
afterAll(async () => {
  await operator.close();
});
afterEach(async () => {
  await chatHook({ provider: "up", window: "livechat", account: "player01", permission: true });
  await reference("/__reference/features", { features: { CHAT3: true } });
});

/** The frame's redirect for this browser: its Location, checked for what the browser must not keep. */
async function frameLocation(browser: Browser): Promise<URL> {
  const response = await browser.get("/resources/chat-frame", frame.loader);
  expect(response.status).toBe(302);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
  return new URL(response.headers.get("Location")!);
}

describe("the chat's gates", () => {
  it("sends a guest to log in first, and the frame says so without a redirect", async () => {
    const guest = await newBrowser();
    const response = await guest.get("/chat", page.loader);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fchat");
    const framed = await guest.get("/resources/chat-frame", frame.loader);
    expect(framed.status).toBe(401);
    expect(await framed.text()).toContain('data-chat-failed="in_sorry_in"');
    expect(await (await guest.get("/resources/chat", status.loader)).json()).toEqual({ open: false, unread: null });
    expect((await (await guest.get("/", root.loader)).json()).chat).toBeNull();
  });

  it("tells a trial account in_need_true_account, and shows it no chat", async () => {
    const freeplay = await import("~/routes/_auth+/login.freeplay");
    const trial = await newBrowser();
    expect((await trial.post("/login/freeplay", { redirectTo: "/" }, freeplay.action)).status).toBe(303);
    const response = await trial.get("/chat", page.loader);
    expect(response.status).toBe(403);
    expect((await response.json()).notice).toEqual({ key: "in_need_true_account" });
    expect(await (await trial.get("/resources/chat-frame", frame.loader)).text()).toContain('data-chat-failed="in_need_true_account"');
    expect((await (await trial.get("/", root.loader)).json()).chat).toBeNull();
  });

  it("answers 404 with the chat switch off, and a clear refusal without the operator's permission", async () => {
    expect((await (await player.get("/", root.loader)).json()).chat).toBe("bottom-right");
    await reference("/__reference/features", { features: { CHAT3: false } });
    expect((await player.get("/chat", page.loader)).status).toBe(404);
    expect((await (await player.get("/", root.loader)).json()).chat).toBeNull();
    await reference("/__reference/features", { features: { CHAT3: true } });

    const denied = await loggedIn("plain01", "Plain1234");
    await chatHook({ account: "plain01", permission: false });
    const response = await denied.get("/chat", page.loader);
    expect(response.status).toBe(403);
    expect((await response.json()).notice).toEqual({ key: "chat_denied" });
    expect(await (await denied.get("/resources/chat", status.loader)).json()).toEqual({ open: false, unread: null });
  });
});

describe("the frame's origin in the page's policy", () => {
  it("is named by a page whose root shows the chat (at any corner), and by no other", async () => {
    const { chatFrameSources } = await import("~/features/chat/chat.server");
    const opened = await frameLocation(player);
    const rootOf = async (browser: Browser) => ({ root: (await (await browser.get("/", root.loader)).json()) as Record<string, unknown> });
    expect(chatFrameSources(await rootOf(player))).toContain(opened.origin);
    const guest = await newBrowser();
    expect(chatFrameSources(await rootOf(guest))).toEqual([]);
  });
});

describe("the button's corner", () => {
  it("is kept in a cookie of this browser and drawn there by the next page; other words, other sites and no form token change nothing", async () => {
    const browser = await loggedIn("player01", "Player123");
    const moved = await browser.post("/resources/chat?stay", { corner: "top-left" }, status.action);
    expect(moved.status).toBe(204);
    expect(moved.headers.get("Set-Cookie")).toMatch(/^chat_corner=.*; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/);
    expect((await (await browser.get("/", root.loader)).json()).chat).toBe("top-left");

    // Without scripts the post comes back to the page it was sent from, never to another site.
    const plain = await browser.post("/resources/chat", { corner: "bottom-left", back: "https://evil.example/x" }, status.action);
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe("/");
    expect((await (await browser.get("/", root.loader)).json()).chat).toBe("bottom-left");

    for (const corner of ["middle", "top-left\u0000", "", "bottom-left".repeat(500)]) {
      const refused = await browser.post("/resources/chat?stay", { corner }, status.action);
      expect(refused.status).toBe(204);
      expect(refused.headers.get("Set-Cookie") ?? "").not.toContain("chat_corner");
    }
    expect((await (await browser.get("/", root.loader)).json()).chat).toBe("bottom-left");

    // A forged cookie is no corner: the default.
    const forged = await loggedIn("player01", "Player123");
    forged.jar.take(new Response(null, { headers: { "Set-Cookie": "chat_corner=eyJ4Ijox" } })); // base64 of broken JSON
    expect((await (await forged.get("/", root.loader)).json()).chat).toBe("bottom-right");
    const noToken = new Request("http://portal.test/resources/chat?stay", {
      method: "POST",
      headers: { Cookie: browser.jar.header(), "Content-Type": "application/x-www-form-urlencoded" },
      body: "corner=top-right",
    });
    const response = await run(() => status.action({ ...args(noToken), params: {} }));
    expect(response.status).toBe(403);
  });
});

describe("opening the chat", () => {
  it("does the provider's token flow on the server and frames the embed page with token, user id and name", async () => {
    const data = await (await player.get("/chat", page.loader)).json();
    expect(data).toMatchObject({ frame: "/resources/chat-frame", notice: null });
    const location = await frameLocation(player);
    expect(location.pathname).toBe("/livechat/embed/demo-live");
    const token = location.searchParams.get("token")!;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(location.searchParams.get("extras")!)).toMatchObject({ userId: expect.any(String), userName: "Lucky Player" });

    const embed = await fetch(location);
    expect(embed.status).toBe(200);
    const html = await embed.text();
    expect(html).toContain("weekly rebate");
    // A post from the player is stored and the page comes back with it and the desk's answer.
    const posted = await fetch(new URL(location.pathname, location), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, lang: "en", body: "Is the cashier open tonight?" }),
      redirect: "manual",
    });
    expect(posted.status).toBe(303);
    expect(await (await fetch(posted.headers.get("Location")!)).text()).toContain("Is the cashier open tonight?");
    // A token the provider never issued opens nothing.
    expect((await fetch(`${location.origin}${location.pathname}?token=${"0".repeat(64)}`)).status).toBe(401);
  });

  it("keeps the token and the auth key out of every page and loader data (token-privacy)", async () => {
    const location = await frameLocation(player);
    const token = location.searchParams.get("token")!;
    const pages = await Promise.all([
      player.get("/chat", page.loader).then((r) => r.text()),
      player.get("/", root.loader).then((r) => r.text()),
      player.get("/resources/chat", status.loader).then((r) => r.text()),
    ]);
    for (const body of pages) {
      expect(body).not.toContain(token);
      // No field or query of either name (the form token, csrfToken, is the page's own).
      expect(body).not.toMatch(/"(token|authKey|verifyToken)"|[?&](token|authKey)=/);
    }
  });

  it("counts unread messages, over 99 too, and reads them when the chat opens", async () => {
    const before = (await (await player.get("/resources/chat", status.loader)).json()).unread as number;
    await chatHook({ account: "player01", unread: 120 });
    const after = await (await player.get("/resources/chat?fresh=1", status.loader)).json();
    expect(after).toEqual({ open: true, unread: before + 120 });
    await fetch(await frameLocation(player));
    expect(await (await player.get("/resources/chat?fresh=1", status.loader)).json()).toEqual({ open: true, unread: 0 });
  });

  it("closes with the words, never a 5xx, when the provider refuses the token (a warning logged)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await chatHook({ provider: "down" });
    const response = await player.get("/resources/chat-frame", frame.loader);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
    expect(await response.text()).toContain('data-chat-failed="chat_failed"');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("live-chat provider answered 503"));
    warn.mockRestore();
    // The page itself still draws its frame: the failure is the frame's to say.
    expect((await player.get("/chat", page.loader)).status).toBe(200);
  });

  it("opens the other chat window with the auth key and merchantCode in the query", async () => {
    await chatHook({ window: "cbs" });
    const location = await frameLocation(player);
    expect(location.pathname).toBe("/livechat/room");
    expect(location.searchParams.get("merchantCode")).toBe("demo");
    expect(location.searchParams.get("authKey")).toMatch(/^[0-9a-f]{64}$/);
    expect(location.searchParams.has("token")).toBe(false);
    expect((await fetch(location)).status).toBe(200);
  });
});
