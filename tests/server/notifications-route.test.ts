/**
 * The event stream of /resources/notifications (decision 051) against RabbitMQ's Web-STOMP (the
 * operator's broker of CI and this machine): a guest is refused, a player's stream carries that
 * player's messages and no one else's, never the token, and closes when the session ends.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Client } from "@stomp/stompjs";
import { StompTestClient } from "../reference-operator/stomp-support";

const BROKER_URL = "ws://127.0.0.1:15674/ws";
const TOKEN = randomBytes(32).toString("hex");
let sessions: typeof import("~/server/session.server");
let route: typeof import("~/routes/resources+/notifications");
let notify: typeof import("~/server/notify/index.server");
let hub: typeof import("~/server/notify/hub.server");
let operator: Client;

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "notify-route-"));
  process.env.SESSION_SECRET = "notify-route-secret";
  process.env.OPERATOR_BROKER_URL = BROKER_URL;
  process.env.OPERATOR_BROKER_LOGIN = "guest";
  process.env.OPERATOR_BROKER_PASSCODE = "guest";
  (await import("~/server/config.server")).reloadConfig();
  sessions = await import("~/server/session.server");
  route = await import("~/routes/resources+/notifications");
  notify = await import("~/server/notify/index.server");
  hub = await import("~/server/notify/hub.server");
  // The operator's back end, publishing on RabbitMQ.
  operator = (await StompTestClient.connect(BROKER_URL, { login: "guest", passcode: "guest" })).client;
});

afterAll(async () => {
  await operator.deactivate();
  await notify.closeNotify();
  delete process.env.OPERATOR_BROKER_URL;
});

async function player(customerId: string, token = TOKEN) {
  const fresh = await sessions.getSession(new Request("http://portal.test/"));
  fresh.set("token", token);
  fresh.set("customerId", customerId);
  fresh.set("merchantCode", "demo");
  const cookie = (await sessions.commitSession(fresh)).split(";")[0];
  return { cookie, session: await sessions.getSession(new Request("http://portal.test/", { headers: { Cookie: cookie } })) };
}

const call = (cookie: string | null, signal?: AbortSignal) =>
  route.loader({
    request: new Request("http://portal.test/resources/notifications", { headers: cookie ? { Cookie: cookie } : {}, signal }),
    params: {},
    context: {},
  });

/** Reads the stream's text until `until` holds for it (or the stream ends). */
async function readUntil(response: Response, until: (text: string) => boolean): Promise<{ text: string; ended: boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { text, ended: true };
    text += decoder.decode(value);
    if (until(text)) {
      reader.releaseLock();
      return { text, ended: false };
    }
  }
}

describe("/resources/notifications", () => {
  it("refuses a guest with 401", async () => {
    const response = (await call(null)) as Response;
    expect(response.status).toBe(401);
  });

  it("streams the player's own messages, never the token nor another player's, and ends with the session", async () => {
    const me = await player("700001");
    const abort = new AbortController();
    const response = (await call(me.cookie, abort.signal)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream");
    const mine = { id: `mine-${randomBytes(4).toString("hex")}`, type: "ONLINE_MSG", message: "for player 700001" };
    const theirs = { id: `theirs-${randomBytes(4).toString("hex")}`, type: "ONLINE_MSG", message: "for player 700002" };
    // Another player's topic, subscribed by this process too (their page is open), and ours.
    const stopOther = notify
      .notifyHub()!
      .open([{ destination: hub.userTopic("demo", "700002") }], { session: "other", deliver: () => undefined });
    await Promise.all([notify.brokerSubscribed(hub.userTopic("demo", "700001")), notify.brokerSubscribed(hub.userTopic("demo", "700002"))]);
    operator.publish({ destination: hub.userTopic("demo", "700002"), body: JSON.stringify({ ...theirs, time: Date.now() }) });
    operator.publish({ destination: hub.userTopic("demo", "700001"), body: JSON.stringify({ ...mine, time: Date.now() }) });
    const { text } = await readUntil(response, (t) => t.includes(mine.id));
    stopOther();
    expect(text).toContain("event: notice");
    expect(text).toContain('"message":"for player 700001"');
    expect(text).not.toContain(theirs.id);
    expect(text).not.toContain(TOKEN);
    // A logout (on any process: the floor's announcement) closes the stream.
    await sessions.destroySession(me.session);
    const end = await readUntil(response, () => false);
    expect(end.ended).toBe(true);
    expect(end.text).not.toContain(TOKEN);
    abort.abort();
  });
});
