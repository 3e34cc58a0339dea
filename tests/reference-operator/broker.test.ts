/**
 * The reference operator's STOMP 1.2 broker at /ws/stomp (decision 051), with stompjs over `ws`
 * as the portal will connect, and with frames written by hand for what stompjs never sends:
 * subscriptions and delivery, receipts, heart-beat negotiation and dead clients, malformed and
 * oversized frames, credentials, limits, and the close of the operator. Then the same operator
 * publishing to RabbitMQ's Web-STOMP instead (skipped when 127.0.0.1:15674 does not answer).
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startReferenceOperator, userTopic, type ReferenceOperator } from "../../server/operator/index";
import { call, post } from "../support/operator-calls";
import { bodyOf, frame, headerOf, RawStomp, StompTestClient } from "./stomp-support";

/** player01 is the first member seeded: member info's id 1. */
const PLAYER01 = userTopic("demo", 1);

describe("broker: subscriptions and delivery", () => {
  let op: ReferenceOperator;
  let client: StompTestClient;
  beforeAll(async () => {
    op = await startReferenceOperator();
    client = await StompTestClient.connect(op.brokerUrl);
  });
  afterAll(async () => {
    await client.close();
    await op.close();
  });

  it("serves ws://<operator>/ws/stomp and refuses any other upgrade path", async () => {
    expect(op.brokerUrl).toBe(`${op.url.replace("http://", "ws://")}/ws/stomp`);
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${op.url.replace("http://", "ws://")}/ws/other`);
      ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.on("error", () => undefined);
    });
    expect(refused).toBe(404);
  });

  it("delivers /__reference/notify on the account's user topic as a MESSAGE with the decision's body", async () => {
    const { mailbox, unsubscribe } = await client.subscribe(PLAYER01);
    const answer = await post(op, "/__reference/notify", { account: "player01", type: "ONLINE_MSG", message: "hello: a\nb" });
    expect(answer.success).toBe(true);
    const message = await mailbox.next();
    expect(message.headers.destination).toBe(PLAYER01);
    expect(message.headers["content-type"]).toBe("application/json");
    expect(message.headers["message-id"]).toBeTruthy();
    expect(message.headers.subscription).toBeTruthy();
    expect(Number(message.headers["content-length"])).toBe(Buffer.byteLength(message.body));
    const body = bodyOf(message);
    expect(body).toEqual({ id: answer.value.id, type: "ONLINE_MSG", time: expect.any(Number), message: "hello: a\nb" });
    expect(Math.abs(body.time - Date.now())).toBeLessThan(60_000);
    await unsubscribe();
  });

  it("refuses an unknown account or type with 400, and a session type on the user topic", async () => {
    for (const body of [
      { account: "nobody", type: "INBOX" },
      { account: "player01", type: "NOT_A_TYPE" },
      { account: "player01", type: "SPEED_TEST" },
      { account: "player01" },
    ]) {
      const response = await fetch(`${op.url}/__reference/notify`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("stops delivering after UNSUBSCRIBE", async () => {
    // Raw frames: stompjs drops a message of a subscription it forgot, which would hide a broker that kept it.
    const raw = await RawStomp.open(op.brokerUrl);
    await raw.connect();
    raw.send(frame("SUBSCRIBE", { id: "p", destination: PLAYER01 }) + frame("SUBSCRIBE", { id: "q", destination: userTopic("demo", 2) }));
    raw.send(frame("UNSUBSCRIBE", { id: "p", receipt: "gone" }));
    expect(headerOf(await raw.nextFrame(), "receipt-id")).toBe("gone");
    await post(op, "/__reference/notify", { account: "player01", type: "ONLINE_MSG", message: "not for p" });
    await post(op, "/__reference/notify", { account: "agent001", type: "ONLINE_MSG", message: "for q" });
    // One connection delivers in order: had p still been there, its message would come first.
    const next = await raw.nextFrame();
    expect(headerOf(next, "subscription")).toBe("q");
    expect(next).toContain('"message":"for q"');
    raw.send(frame("DISCONNECT"));
    await raw.closed;
  });

  it("routes a client's SEND to the destination's subscribers", async () => {
    const { mailbox, unsubscribe } = await client.subscribe("/topic/user.demo.2");
    client.client.publish({
      destination: "/topic/user.demo.2",
      body: '{"sent":"by a client"}',
      headers: { "content-type": "application/json" },
    });
    const message = await mailbox.next();
    expect(JSON.parse(message.body)).toEqual({ sent: "by a client" });
    expect(message.headers["content-type"]).toBe("application/json");
    await unsubscribe();
  });

  it("reads several frames in one WebSocket message and answers each receipt, DISCONNECT's too", async () => {
    const raw = await RawStomp.open(op.brokerUrl);
    await raw.connect();
    raw.send(
      frame("SUBSCRIBE", { id: "a", destination: "/topic/x", receipt: "r-1" }) +
        "\n" +
        frame("SUBSCRIBE", { id: "b", destination: "/topic/y", receipt: "r-2" }),
    );
    expect(headerOf(await raw.nextFrame(), "receipt-id")).toBe("r-1");
    expect(headerOf(await raw.nextFrame(), "receipt-id")).toBe("r-2");
    raw.send(frame("SEND", { destination: "/topic/y", "content-type": "text/plain", "x-escaped": "a\\cb\\nc" }, "hi"));
    const message = await raw.nextFrame();
    expect(message.startsWith("MESSAGE\n")).toBe(true);
    expect(headerOf(message, "subscription")).toBe("b");
    expect(headerOf(message, "destination")).toBe("/topic/y");
    expect(message.endsWith("\n\nhi\0")).toBe(true);
    raw.send(frame("DISCONNECT", { receipt: "bye" }));
    expect(headerOf(await raw.nextFrame(), "receipt-id")).toBe("bye");
    expect((await raw.closed).code).toBe(1000);
  });

  it("answers malformed frames with ERROR and closes, and keeps serving others", async () => {
    const cases: [string, string | Buffer, string][] = [
      ["unknown command", frame("HELLO"), "malformed frame"],
      ["no NUL", "SEND\ndestination:/topic/x\n\nbody", "malformed frame"],
      ["undefined escape", frame("SUBSCRIBE", { id: "1", destination: "/topic/a\\tb" }), "malformed frame"],
      ["bad content-length", "SEND\ndestination:/topic/x\ncontent-length:9\n\nshort\0", "malformed frame"],
      ["no id", frame("SUBSCRIBE", { destination: "/topic/x" }), "malformed frame"],
      ["ack client", frame("SUBSCRIBE", { id: "1", destination: "/topic/x", ack: "client" }), "not supported"],
      ["a queue", frame("SUBSCRIBE", { id: "1", destination: "/queue/x" }), "bad destination"],
      ["a wildcard", frame("SUBSCRIBE", { id: "1", destination: "/topic/user.demo.*" }), "bad destination"],
      ["a transaction", frame("BEGIN", { transaction: "t" }), "not supported"],
    ];
    for (const [what, text, message] of cases) {
      const raw = await RawStomp.open(op.brokerUrl);
      await raw.connect();
      raw.send(text);
      const error = await raw.nextFrame(`ERROR for ${what}`);
      expect(error.startsWith("ERROR\n"), what).toBe(true);
      expect(headerOf(error, "message"), what).toBe(message);
      expect((await raw.closed).code, what).toBe(1002);
    }
    const early = await RawStomp.open(op.brokerUrl);
    early.send(frame("SUBSCRIBE", { id: "1", destination: "/topic/x" }));
    expect(headerOf(await early.nextFrame(), "message")).toBe("not connected");
    const old = await RawStomp.open(op.brokerUrl);
    old.send(frame("CONNECT", { "accept-version": "1.0,1.1" }));
    expect(headerOf(await old.nextFrame(), "message")).toBe("unsupported version");
    expect((await call(op, "/__reference/health")).value).toBe("ok");
    const { mailbox, unsubscribe } = await client.subscribe(PLAYER01);
    await post(op, "/__reference/notify", { account: "player01", type: "ONLINE_MSG", message: "still here" });
    expect(bodyOf(await mailbox.next()).message).toBe("still here");
    await unsubscribe();
  });

  it("refuses a frame over 64 KiB with ERROR and close 1009", async () => {
    const raw = await RawStomp.open(op.brokerUrl);
    await raw.connect();
    raw.send(frame("SEND", { destination: "/topic/x" }, "x".repeat(70 * 1024)));
    expect(headerOf(await raw.nextFrame(), "message")).toBe("frame too large");
    expect((await raw.closed).code).toBe(1009);
  });
});

describe("broker: heart-beats, limits and closing", () => {
  let op: ReferenceOperator;
  beforeAll(async () => {
    op = await startReferenceOperator({ embeddedBroker: { heartbeatMs: 50, maxSubscriptions: 2, maxConnections: 3 } });
  });
  afterAll(() => op.close());

  it("negotiates heart-beats: sends at the larger interval of the two sides", async () => {
    const raw = await RawStomp.open(op.brokerUrl);
    expect(headerOf(await raw.connect({ "heart-beat": "0,200" }), "heart-beat")).toBe("50,50");
    const beats: number[] = [];
    while (beats.length < 3) if ((await raw.next("a heart-beat", 2000)) === "\n") beats.push(Date.now());
    // The client asked for 200 ms, not the broker's 50: two intervals are 400 ms (less a late first delivery).
    expect(beats[2] - beats[0]).toBeGreaterThanOrEqual(300);
    raw.ws.close();
    await raw.closed;
  });

  it("keeps a client that heart-beats and drops one silent for more than twice its interval", async () => {
    const alive = await RawStomp.open(op.brokerUrl);
    await alive.connect({ "heart-beat": "50,50" });
    // Answer each of the broker's heart-beats with one: ten of them are 500 ms of staying alive.
    for (let beats = 0; beats < 10;) {
      if ((await alive.next("a heart-beat", 2000)) !== "\n") continue;
      beats++;
      alive.send("\n");
    }
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);

    const silent = await RawStomp.open(op.brokerUrl);
    // Before CONNECT leaves: the broker heard the client last no earlier than this.
    const lastSent = Date.now();
    await silent.connect({ "heart-beat": "50,0" });
    const { at } = await silent.closed;
    expect(at - lastSent).toBeGreaterThan(100);
    alive.ws.close();
    await alive.closed;
  });

  it("bounds subscriptions per connection and connections", async () => {
    const raw = await RawStomp.open(op.brokerUrl);
    await raw.connect();
    raw.send(frame("SUBSCRIBE", { id: "1", destination: "/topic/a" }) + frame("SUBSCRIBE", { id: "2", destination: "/topic/b" }));
    raw.send(frame("SUBSCRIBE", { id: "3", destination: "/topic/c" }));
    expect(headerOf(await raw.nextFrame(), "message")).toBe("too many subscriptions");
    await raw.closed;

    const open = await Promise.all([0, 1, 2].map(() => RawStomp.open(op.brokerUrl)));
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(op.brokerUrl);
      ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.on("error", () => undefined);
    });
    expect(refused).toBe(503);
    for (const raw of open) raw.ws.close();
    await Promise.all(open.map((raw) => raw.closed));
  });

  it("closes every broker socket when the operator closes", async () => {
    const raw = await RawStomp.open(op.brokerUrl);
    await raw.connect();
    const client = await StompTestClient.connect(op.brokerUrl);
    const clientClosed = new Promise<number>((resolve) => (client.client.onWebSocketClose = (event) => resolve(event.code)));
    await op.close();
    expect((await raw.closed).code).toBe(1001);
    expect(await clientClosed).toBe(1001);
  });
});

describe("broker: a back office's restart", () => {
  let op: ReferenceOperator;
  beforeAll(async () => {
    op = await startReferenceOperator();
  });
  afterAll(() => op.close());

  it("closes every connection, refuses new ones for downMs, then takes them again without the old subscriptions", async () => {
    const raw = await RawStomp.open(op.brokerUrl);
    await raw.connect();
    raw.send(frame("SUBSCRIBE", { id: "1", destination: PLAYER01, receipt: "r1" }));
    await raw.nextFrame("the receipt");
    const before = await call(op, "/__reference/notify/subscribers?account=player01");
    expect(before.value).toEqual({ user: 1, topic: PLAYER01 });

    const answer = await post(op, "/__reference/notify/broker-restart", { downMs: 60_000 });
    expect(answer).toMatchObject({ success: true, value: { downMs: 60_000 } });
    expect((await raw.closed).code).toBe(1001);
    expect((await call(op, "/__reference/notify/subscribers?account=player01")).value.user).toBe(0);
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(op.brokerUrl);
      ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.on("error", () => undefined);
    });
    expect(refused).toBe(503);

    // A restart with no time away takes connections again at once.
    expect((await post(op, "/__reference/notify/broker-restart", { downMs: 0 })).success).toBe(true);
    const again = await StompTestClient.connect(op.brokerUrl);
    const { mailbox } = await again.subscribe(PLAYER01);
    const sent = await post(op, "/__reference/notify", { account: "player01", type: "ONLINE_MSG", message: "back" });
    expect(bodyOf(await mailbox.next()).id).toBe(sent.value.id);
    await again.close();
  });

  it("refuses a downMs that is not a whole number of 0 to 60000", async () => {
    for (const downMs of [-1, 60_001, 1.5, "100"]) {
      const answer = await post(op, "/__reference/notify/broker-restart", { downMs });
      expect(answer.success, JSON.stringify(downMs)).toBe(false);
    }
  });
});

describe("broker: credentials", () => {
  let op: ReferenceOperator;
  beforeAll(async () => {
    op = await startReferenceOperator({ embeddedBroker: { login: "portal", passcode: "s3cret" } });
  });
  afterAll(() => op.close());

  it("connects with the configured login and passcode and refuses wrong or missing ones", async () => {
    const good = await StompTestClient.connect(op.brokerUrl, { login: "portal", passcode: "s3cret" });
    await good.close();
    await expect(StompTestClient.connect(op.brokerUrl, { login: "portal", passcode: "wrong" })).rejects.toThrow("ERROR access refused");
    const raw = await RawStomp.open(op.brokerUrl);
    raw.send(frame("CONNECT", { "accept-version": "1.2" }));
    expect(headerOf(await raw.nextFrame(), "message")).toBe("access refused");
    expect((await raw.closed).code).toBe(1008);
  });
});

const RABBIT = { url: "ws://127.0.0.1:15674/ws", login: "guest", passcode: "guest", vhost: "/" };
const rabbitUp = await new Promise<boolean>((resolve) => {
  const socket = connect(15674, "127.0.0.1");
  socket.setTimeout(1000, () => {
    socket.destroy();
    resolve(false);
  });
  socket.once("connect", () => {
    socket.end();
    resolve(true);
  });
  socket.once("error", () => resolve(false));
});

describe.skipIf(!rabbitUp)("broker: an external one (RabbitMQ Web-STOMP at 127.0.0.1:15674; skipped when it does not answer)", () => {
  let op: ReferenceOperator;
  let subscriber: StompTestClient;
  beforeAll(async () => {
    op = await startReferenceOperator({ broker: RABBIT });
    subscriber = await StompTestClient.connect(RABBIT.url, { login: RABBIT.login, passcode: RABBIT.passcode, host: RABBIT.vhost });
  });
  afterAll(async () => {
    await subscriber?.close();
    await op?.close();
  });

  it("publishes the operator's messages to RabbitMQ, not to its own /ws/stomp", async () => {
    const { mailbox, unsubscribe } = await subscriber.subscribe(PLAYER01);
    const embedded = await StompTestClient.connect(op.brokerUrl);
    const local = await embedded.subscribe(PLAYER01);
    const answer = await post(op, "/__reference/notify", { account: "player01", type: "INBOX", unread: 3, title: "via RabbitMQ" });
    expect(answer.success).toBe(true);
    // Another run may share the broker and the topic: wait for this message by its id.
    let message = await mailbox.next("the message on RabbitMQ", 10_000);
    while (bodyOf(message).id !== answer.value.id) message = await mailbox.next("the message on RabbitMQ", 10_000);
    expect(message.headers.destination).toBe(PLAYER01);
    expect(message.headers["content-type"]).toBe("application/json");
    expect(bodyOf(message)).toMatchObject({ type: "INBOX", unread: 3, title: "via RabbitMQ" });
    const log = await call(op, "/__reference/notify/log?account=player01");
    expect(log.value.at(-1)).toMatchObject({ destination: PLAYER01, broker: "external", body: { id: answer.value.id } });
    expect(local.mailbox.pending).toBe(0);
    await Promise.all([unsubscribe(), embedded.close()]);
  });

  it("does not answer for RabbitMQ: its subscribers are null and its restart is RabbitMQ's own", async () => {
    expect((await call(op, "/__reference/notify/subscribers?account=player01")).value).toEqual({ user: null, topic: PLAYER01 });
    const restart = await post(op, "/__reference/notify/broker-restart", {});
    expect(restart.success).toBe(false);
  });
});
