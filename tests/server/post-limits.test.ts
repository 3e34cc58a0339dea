/**
 * Issue 22, section 3: a post without a login can no longer stall or swell the server. The HTTP
 * floor (server/app.ts) over real sockets: a refused body is read and dropped so the answer
 * arrives, a trickled body is let go, one address cannot hold every connection. Then the built
 * portal: floods of parts and fields are refused at once while another request goes on, and
 * cookie-less uploads keep no memory. POST_LIMITS_FIGURES=1 prints the figures measured.
 */
import { execFileSync } from "node:child_process";
import net from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Server } from "node:http";
import express from "express";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dropUnreadBody, listen, MAX_CONNECTIONS_PER_CLIENT, REQUEST_TIMEOUT_MS } from "../../server/app";
import { CookieJar } from "../support/portal";
import { startLivePortal, type LivePortal } from "../support/live-portal";

interface RawAnswer {
  /** Everything the server sent, as text. */
  received: string;
  /** The socket's error, if the connection was reset or broke while sending. */
  error?: string;
  /** When the first byte of the answer came, in ms from the start. */
  answeredAfterMs?: number;
}

/**
 * One connection, as a browser posting a big form: the request line, headers and the whole
 * body written, waiting only for the socket's own backpressure; then, on the same connection,
 * `then` (another request) if given. Resolves when the server closes or `settleMs` pass quietly.
 */
function rawPost(url: string, head: string, body: { size: number; chunk?: Buffer }, then?: string, settleMs = 500): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(Number(port), hostname);
    const answer: RawAnswer = { received: "" };
    let quiet: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(quiet);
      socket.destroy();
      resolve(answer);
    };
    const settle = () => {
      clearTimeout(quiet);
      quiet = setTimeout(finish, settleMs);
    };
    socket.on("data", (data) => {
      answer.answeredAfterMs ??= performance.now() - started;
      answer.received += data.toString("latin1");
      settle();
    });
    socket.on("error", (error: NodeJS.ErrnoException) => (answer.error = error.code ?? error.message));
    socket.on("close", finish);
    socket.write(head);
    const chunk = body.chunk ?? Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (sent < body.size) {
        const piece = chunk.subarray(0, Math.min(chunk.length, body.size - sent));
        sent += piece.length;
        if (!socket.write(piece)) return void socket.once("drain", pump);
      }
      if (then) socket.write(then);
      settle();
    };
    pump();
  });
}

const openConnections = (server: Server) =>
  new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

describe("the HTTP floor", () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const app = express();
    app.use(dropUnreadBody);
    // As the Remix adapter does: the body becomes a web stream at once, then the app refuses it
    // unread.
    app.post("/refuse", (req, res) => {
      void createReadableStreamFromReadable(req);
      res.status(413).type("text/plain").send("too large");
    });
    app.post("/read", (req, res) => {
      new Response(createReadableStreamFromReadable(req)).arrayBuffer().then(
        () => res.type("text/plain").send("read"),
        () => {}, // cut off by the request timeout, which answers 408 itself
      );
    });
    app.get("/next", (_req, res) => res.type("text/plain").send("next answered"));
    ({ server, url } = await listen(app, 0, "127.0.0.1", { requestTimeoutMs: 1000, checkIntervalMs: 100, maxConnectionsPerClient: 3 }));
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers an answer given before a 10 MB body arrived, drops the rest, and serves the next request on the connection", async () => {
    const size = 10_000_000;
    const answer = await rawPost(
      url,
      `POST /refuse HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${size}\r\n\r\n`,
      { size },
      "GET /next HTTP/1.1\r\nHost: x\r\n\r\n",
    );
    expect(answer.error).toBeUndefined();
    expect(answer.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.received).toContain("too large");
    expect(answer.received).toContain("next answered");
  });

  it("lets a trickled body go after the request timeout (408), however alive it keeps the connection", async () => {
    const trickle = async (path: string) => {
      const { hostname, port } = new URL(url);
      const socket = net.connect(Number(port), hostname);
      const started = performance.now();
      let received = "";
      socket.on("data", (d) => (received += d.toString()));
      socket.on("error", () => {});
      socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n`);
      // A byte every 100 ms: the socket never idles, as in issue 22 (a byte every 5 s for 326 s).
      const drip = setInterval(() => socket.write("a"), 100);
      const closedAfter = await new Promise<number>((resolve) => socket.on("close", () => resolve(performance.now() - started)));
      clearInterval(drip);
      return { received, closedAfter };
    };
    const waited = await trickle("/read");
    expect(waited.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(waited.closedAfter).toBeGreaterThanOrEqual(900);
    expect(waited.closedAfter).toBeLessThan(2500);
    // Refused at once, the rest being dropped: the same bound.
    const refused = await trickle("/refuse");
    expect(refused.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(refused.closedAfter).toBeLessThan(2500);
  });

  it("by default lets a request take under a minute to arrive", async () => {
    const { server: plain } = await listen(express(), 0, "127.0.0.1");
    expect(plain.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS + 5_000).toBeLessThanOrEqual(60_000);
    expect(plain.headersTimeout).toBeLessThanOrEqual(20_000);
    await new Promise<void>((resolve) => plain.close(() => resolve()));
    expect(MAX_CONNECTIONS_PER_CLIENT).toBeGreaterThanOrEqual(16);
  });

  it("closes a connection from an address that already holds its share, and takes one again when a place frees", async () => {
    const { hostname, port } = new URL(url);
    const open = () =>
      new Promise<{ socket: net.Socket; answer: Promise<string> }>((resolve) => {
        const socket = net.connect(Number(port), hostname, () => {
          let received = "";
          socket.on("error", () => {});
          socket.on("data", (d) => (received += d.toString()));
          const answer = new Promise<string>((done) => {
            socket.on("data", () => received.includes("next answered") && done(received));
            socket.on("close", () => done(received));
          });
          socket.write("GET /next HTTP/1.1\r\nHost: x\r\n\r\n");
          resolve({ socket, answer });
        });
      });
    const held = [await open(), await open(), await open()];
    for (const { answer } of held) expect(await answer).toContain("next answered");
    const fourth = await open();
    expect(await fourth.answer).toBe("");
    held[0].socket.destroy();
    // The place frees when the server sees that connection close (and the fourth, which it
    // closed): waited for, not guessed at.
    await vi.waitFor(async () => expect(await openConnections(server)).toBe(2));
    const fifth = await open();
    expect(await fifth.answer).toContain("next answered");
    for (const { socket } of [...held, fourth, fifth]) socket.destroy();
  });
});

describe("the built portal", () => {
  const APPLY_ROUTE = "routes/member+/rewardCenter.apply.$promotionId";
  let portal: LivePortal;

  beforeAll(async () => {
    portal = await startLivePortal({ LOGIN_RATE_LIMIT_PER_IP: "1000000", LOGIN_RATE_LIMIT_PER_USERNAME: "1000000" });
  });

  afterAll(async () => {
    await portal?.close();
  });

  async function loggedIn(): Promise<CookieJar> {
    const jar = new CookieJar();
    jar.take(await fetch(`${portal.url}/login`));
    const login = await fetch(`${portal.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
      body: new URLSearchParams({ csrf: jar.csrf()!, username: "player01", password: "Player123" }).toString(),
    });
    jar.take(login);
    expect(login.status).toBe(303);
    jar.take(await fetch(`${portal.url}/member/rewardCenter`, { headers: { Cookie: jar.header() } }));
    return jar;
  }

  /**
   * Sends `post` and, every 10 ms until its answer is in, GET /robots.txt; answers the post's
   * status and time, the median and longest wait of the requests made meanwhile, and the median
   * of the same requests made just before without the post (`quietWait`: what this machine,
   * busy with other test files, takes anyway).
   */
  async function whileOtherRequests(post: () => Promise<Response>) {
    const other = async () => {
      const started = performance.now();
      await (await fetch(`${portal.url}/robots.txt`)).arrayBuffer();
      return performance.now() - started;
    };
    // Warm: the first answer of a route loads its module.
    await other();
    const quiet: number[] = [];
    for (let i = 0; i < 15; i++) quiet.push(await other());
    quiet.sort((a, b) => a - b);
    const quietWait = quiet[Math.floor(quiet.length / 2)];
    const waits: Promise<number>[] = [];
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const probes = setInterval(() => waits.push(other()), 10);
    const started = performance.now();
    waits.push(other());
    const response = await post();
    const ms = performance.now() - started;
    clearInterval(probes);
    delay.disable();
    const sorted = (await Promise.all(waits)).sort((a, b) => a - b);
    const medianWait = sorted[Math.floor(sorted.length / 2)];
    // A blocked event loop also stops the probes from being sent: the first one waits it out.
    const maxWait = sorted[sorted.length - 1];
    if (process.env.POST_LIMITS_FIGURES) {
      console.log({ status: response.status, ms, medianWait, quietWait, maxWait, others: sorted.length, loopDelayMaxMs: delay.max / 1e6 });
    }
    return { status: response.status, page: await response.text(), ms, medianWait, quietWait, maxWait };
  }

  /**
   * Other requests go on: a parser that held the event loop for the body (issue 22's quadratic
   * scan) makes the one probe in flight wait seconds and the rest queue behind it. The median is
   * judged against the same probes without the post (at least 200 ms), not a fixed 100 ms that a
   * CI machine busy with other test files once missed at 104 ms; a blocked loop still fails it, by
   * the longest wait.
   */
  function expectOthersGoOn(result: { medianWait: number; quietWait: number; maxWait: number }) {
    expect(result.medianWait).toBeLessThan(Math.max(200, 5 * result.quietWait));
    expect(result.maxWait).toBeLessThan(1000);
  }

  it("answers a post of 100,000 empty parts with 413 within a second, logged in or not, while other requests go on", async () => {
    const jar = await loggedIn();
    const boundary = "----issue22";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${jar.csrf()}\r\n`;
    // Each part with a name of its own, as in issue 22: a check of names seen that scans them all
    // is quadratic then.
    let parts = "";
    for (let i = 0; i < 100_000; i++) parts += `--${boundary}\r\nContent-Disposition: form-data; name="${i}"\r\n\r\n\r\n`;
    const body = head + parts + `--${boundary}--\r\n`;
    expect(body.length).toBeGreaterThan(6_000_000);
    for (const cookie of ["", jar.header()]) {
      const expected = cookie ? 413 : 403;
      const send = (data: boolean) =>
        fetch(`${portal.url}/member/rewardCenter/apply/1${data ? `?_data=${encodeURIComponent(APPLY_ROUTE)}` : ""}`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: cookie },
          body,
        });
      // The page: the refusal drawn in the site's frame (and the route warmed).
      const page = await send(false);
      expect(page.status, cookie ? "logged in" : "no cookies").toBe(expected);
      expect(await page.text()).toContain("<html");
      // Timed as a data request: the refusal itself, not the drawing of its page, which takes the
      // CPU as any page does (the reference operator answering its calls in this process too).
      const result = await whileOtherRequests(() => send(true));
      expect(result.status).toBe(expected);
      expect(result.ms).toBeLessThan(1000);
      expectOthersGoOn(result);
    }
  }, 60_000);

  it("answers a login post of 35,000 empty fields with 413 within a second, while other requests go on", async () => {
    const jar = new CookieJar();
    jar.take(await fetch(`${portal.url}/login`));
    let fields = "";
    for (let i = 0; i < 35_000; i++) fields += `${i}=&`;
    const body = `csrf=${encodeURIComponent(jar.csrf()!)}&username=player01&password=x&${fields}`;
    const send = (payload: string) =>
      fetch(`${portal.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
        body: payload,
      });
    await (await send(body.slice(0, 20_000))).arrayBuffer();
    const result = await whileOtherRequests(() => send(body));
    expect(result.status).toBe(413);
    expect(result.ms).toBeLessThan(1000);
    expectOthersGoOn(result);
  }, 60_000);

  it("delivers the 413 page for a 10 MB login post, to a client that sends it all before reading", async () => {
    const jar = new CookieJar();
    jar.take(await fetch(`${portal.url}/login`));
    const size = 10_000_000;
    const answer = await rawPost(
      portal.url,
      `POST /login HTTP/1.1\r\nHost: ${new URL(portal.url).host}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `Cookie: ${jar.header()}\r\nContent-Length: ${size}\r\n\r\n`,
      { size },
    );
    expect(answer.error).toBeUndefined();
    expect(answer.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.received).toContain("<html");
  }, 30_000);

  it("reads 4 uploads at once from one address and 8 in all: then 429 (with Retry-After) and 503, and a place frees when one ends", async () => {
    const { port } = new URL(portal.url);
    const boundary = "----held";
    /** An upload whose body has begun and then waits; resolves with what the server answered, if anything. */
    const begin = (localAddress: string) => {
      const socket = net.connect({ host: "127.0.0.1", port: Number(port), localAddress });
      let received = "";
      socket.on("data", (d) => (received += d.toString("latin1")));
      socket.on("error", () => {});
      socket.write(
        `POST /member/rewardCenter/apply/1 HTTP/1.1\r\nHost: ${new URL(portal.url).host}\r\nCookie: csrf=x\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="remarks"\r\n\r\nwait`,
      );
      return { socket, answer: () => received };
    };
    // Not a timer of the portal's: the time for it to read what was sent. That an upload got no
    // answer can only be seen by giving it the time to get one.
    const settle = () => new Promise((r) => setTimeout(r, 300));
    const first = [1, 2, 3, 4].map(() => begin("127.0.0.2"));
    await settle();
    const fifth = begin("127.0.0.2");
    await settle();
    expect(first.map((u) => u.answer())).toEqual(["", "", "", ""]);
    expect(fifth.answer()).toMatch(/^HTTP\/1\.1 429 [^]*\r\nretry-after: 10\r\n/i);
    const others = [1, 2, 3, 4].map(() => begin("127.0.0.3"));
    await settle();
    const ninth = begin("127.0.0.4");
    await settle();
    // The page drawn for the 503 says when to come back too (entry.server carries the action's Retry-After).
    expect(ninth.answer()).toMatch(/^HTTP\/1\.1 503 [^]*\r\nretry-after: 10\r\n/i);
    first[0].socket.destroy();
    await settle();
    const again = begin("127.0.0.4");
    await settle();
    expect(again.answer()).toBe("");
    for (const u of [...first, fifth, ...others, ninth, again]) u.socket.destroy();
  }, 30_000);

  it("refuses a cookie-less upload before reading it: 80 posts of three 5 MB images at once keep under 50 MB", () => {
    // In a process of its own (a portal and the posts, garbage collected before each reading),
    // so that only memory still held counts.
    const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", "tests/support/upload-memory.ts", "flood"], {
      encoding: "utf8",
      timeout: 120_000,
    });
    const { statuses, rise } = JSON.parse(out) as { statuses: Record<string, number>; rise: number };
    if (process.env.POST_LIMITS_FIGURES) console.log(out);
    expect(statuses).toEqual({ 403: 80 });
    // Held, the images would be 1.2 GB (issue 22: RSS rose by 481 MB).
    expect(rise).toBeLessThan(50 * 1024 * 1024);
  }, 120_000);
});
