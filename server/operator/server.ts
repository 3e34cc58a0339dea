/**
 * The reference operator's HTTP server (node:http): envelope, Merchant / token / encryption
 * checks, latency injection and call recording around the route table.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { AREAS } from "./areas";
import { messageLanguage } from "./catalog";
import { decryptEncryptedBody, keyPairFromPem } from "./crypto";
import { keyPairPem, MERCHANT_CODE, openOperatorDb } from "./db";
import { fail, RouteTable, type OperatorRuntime, type Reply, type RouteContext, type Session } from "./http";
import { LOGIN_ATTEMPT_LIMIT } from "./session/login";
import { expireAllSessions, memberByToken } from "./session/store";
import { merchantByCode } from "./system/store";
import type { ReferenceOperator, ReferenceOperatorOptions, UpstreamCall } from "./types";
import { createHash } from "node:crypto";
import { FaultSwitch, IdempotencyStore, type FaultPlan } from "./faults";
import { EmbeddedBroker, STOMP_PATH } from "./notify/broker";
import { ExternalPublisher } from "./notify/external";
import { Notifier } from "./notify/notifier";

const MAX_BODY_BYTES = 256 * 1024;

class BodyTooLargeError extends Error {}

function readBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(new BodyTooLargeError());
        req.resume(); // keep draining so the answer can still be written
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** A multipart body as fields: text as strings, files as { name, type, bytes }; a name sent twice keeps its first value. */
async function multipartFields(bytes: Buffer, contentType: string): Promise<Record<string, unknown>> {
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) throw new Error("not multipart");
  const form = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": contentType } }).formData();
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form) {
    if (name in fields) continue;
    fields[name] =
      typeof value === "string" ? value : { name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
  }
  return fields;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The raw token; a "Bearer " prefix is tolerated although operators send the bare token. */
function tokenOf(req: IncomingMessage): string {
  return (header(req, "authorization") ?? "").trim().replace(/^Bearer\s+/i, "");
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class ReferenceOperatorServer implements ReferenceOperator {
  url = "";
  brokerUrl = "";
  readonly publicKeyHex: string;
  readonly merchantCode = MERCHANT_CODE;
  readonly calls: UpstreamCall[] = [];
  private inFlight = 0;
  private peakInFlight = 0;
  private delayMs: number;
  private closed: Promise<void> | null = null;
  private readonly server = createServer((req, res) => void this.serve(req, res));

  constructor(
    private readonly runtime: OperatorRuntime,
    private readonly routes: RouteTable,
    delayMs: number,
    private readonly broker: EmbeddedBroker,
    private readonly external: ExternalPublisher | null,
  ) {
    this.publicKeyHex = runtime.keys.publicKeyHex;
    this.delayMs = delayMs;
    this.server.on("upgrade", (req, socket, head) => broker.upgrade(req, socket, head));
  }

  publish(destination: string, body: object): void {
    this.runtime.notifications.publish(destination, body);
  }

  get maxInFlight(): number {
    return this.peakInFlight;
  }

  resetCalls(): void {
    this.calls.length = 0; // same array, so callers holding a reference see the reset
    this.peakInFlight = this.inFlight;
  }

  setDelay(ms: number): void {
    this.delayMs = Math.max(0, ms);
  }

  expireTokens(): void {
    expireAllSessions(this.runtime.db, this.runtime.now());
  }

  listen(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, host, () => {
        this.server.off("error", reject);
        const { port: actual } = this.server.address() as AddressInfo;
        const authority = `${host.includes(":") ? `[${host}]` : host}:${actual}`;
        this.url = `http://${authority}`;
        this.brokerUrl = `ws://${authority}${STOMP_PATH}`;
        resolve();
      });
    });
  }

  close(): Promise<void> {
    this.closed ??= (async () => {
      // The broker's sockets first: the HTTP server's close waits for every upgraded one.
      await Promise.all([this.broker.close(), this.external?.close()]);
      await new Promise<void>((resolve) => {
        this.server.close(() => {
          this.runtime.db.close();
          resolve();
        });
        // Keep-alive sockets would otherwise hold close() open for seconds.
        this.server.closeAllConnections();
      });
    })();
    return this.closed;
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://operator.invalid");
    const call: UpstreamCall = {
      method: req.method ?? "GET",
      path: url.pathname,
      search: url.search,
      startedAt: Date.now(),
      endedAt: 0,
      hasToken: tokenOf(req) !== "",
    };
    this.calls.push(call);
    this.inFlight++;
    this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);

    let reply: Reply;
    try {
      if (this.delayMs > 0) await sleep(this.delayMs);
      reply = await this.idempotent(req, url, () => this.handle(req, url));
    } catch (error) {
      console.error("[reference-operator]", req.method, url.pathname, error);
      reply = fail(messageLanguage(header(req, "language"), this.runtime.settings.defaultLanguage), "server.error", { status: 500 });
    }

    call.endedAt = Date.now();
    this.inFlight--;
    const fault = this.runtime.faults.take(call.method, url.pathname);
    if (fault) return this.loseAnswer(res, fault, reply);
    this.write(res, reply);
  }

  /**
   * A changing call with an Idempotency-Key acts once per merchant, player and key; a repeat
   * gets the first outcome without acting (its body is drained, unread).
   */
  private idempotent(req: IncomingMessage, url: URL, act: () => Promise<Reply>): Promise<Reply> {
    const key = header(req, "idempotency-key");
    if ((req.method ?? "GET") === "GET" || url.pathname.startsWith("/__reference/") || !IdempotencyStore.validKey(key)) return act();
    const holder = createHash("sha256").update(tokenOf(req)).digest("base64url").slice(0, 22);
    const merchant = (header(req, "merchant") ?? "").trim();
    return this.runtime.idempotency.once(merchant, `${holder}:${key}`, act, this.runtime.now(), () => req.resume());
  }

  /** The answer lost after the operator acted, as a test armed it. */
  private async loseAnswer(res: ServerResponse, fault: FaultPlan, reply: Reply): Promise<void> {
    if (res.destroyed) return;
    switch (fault.mode) {
      case "reset":
        res.socket?.destroy();
        return;
      case "500":
        res.writeHead(500, { "Content-Type": "text/html; charset=utf-8" });
        res.end("<html><body><h1>500 Internal Server Error</h1></body></html>");
        return;
      case "cut": {
        const whole = JSON.stringify({ success: reply.success, value: reply.value, message: reply.message, errorCode: reply.errorCode });
        const cut = whole.slice(0, Math.max(1, Math.floor(whole.length / 2)));
        res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(cut) });
        res.end(cut);
        return;
      }
      case "shape":
        this.write(res, { ...reply, status: 200, success: true, value: "unexpected", raw: undefined });
        return;
      case "late":
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, fault.lateMs);
          res.once("close", () => {
            clearTimeout(timer);
            resolve();
          });
        });
        this.write(res, reply);
        return;
    }
  }

  private write(res: ServerResponse, reply: Reply): void {
    const { status, raw, ...envelope } = reply;
    if (res.destroyed || res.writableEnded) return;
    if (raw) {
      res.writeHead(status, { ...raw.headers, "Content-Type": raw.contentType, "Content-Length": Buffer.byteLength(raw.body) });
      res.end(raw.body);
      return;
    }
    const body = JSON.stringify(envelope);
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  }

  private async handle(req: IncomingMessage, url: URL): Promise<Reply> {
    const { runtime } = this;
    const lang = messageLanguage(header(req, "language"), runtime.settings.defaultLanguage);
    const method = req.method ?? "GET";

    const found = this.routes.find(method, url.pathname);
    const bodyKind = found.route?.body ?? "none";
    if (bodyKind === "none") req.resume(); // drain unused bodies so keep-alive connections stay usable
    if (!found.route) return fail(lang, found.status === 405 ? "method.not.allowed" : "not.found", { status: found.status });
    const { route, params } = found;

    const merchantCode = (header(req, "merchant") ?? "").trim();
    let session: Session | null = null;
    if (route.access !== "reference" && route.access !== "public") {
      if (merchantCode === "" || !merchantByCode(runtime.db, merchantCode)) {
        if (bodyKind !== "none") req.resume();
        return fail(lang, "merchant.acct.setup.err");
      }
      if (route.access === "session") {
        const token = tokenOf(req);
        const member = token === "" ? undefined : memberByToken(runtime.db, merchantCode, token, runtime.now());
        if (!member) {
          if (bodyKind !== "none") req.resume();
          return fail(lang, "user.or.token.invalid");
        }
        session = { member, token };
      } else {
        // A merchant route may still serve a member differently (feedback takes an image only
        // from one): a valid token is read, a missing or stale one is no session.
        const token = tokenOf(req);
        const member = token === "" ? undefined : memberByToken(runtime.db, merchantCode, token, runtime.now());
        if (member) session = { member, token };
      }
    }

    let body: unknown;
    if (bodyKind !== "none") {
      let bytes: Buffer;
      try {
        bytes = await readBody(req, route.maxBodyBytes);
      } catch (error) {
        if (error instanceof BodyTooLargeError) return fail(lang, "request.too.large", { status: 413 });
        throw error;
      }
      const raw = bytes.toString("utf8");
      if (bodyKind === "multipart") {
        try {
          body = await multipartFields(bytes, header(req, "content-type") ?? "");
        } catch {
          return fail(lang, "request.invalid", { status: 400 });
        }
      } else if (bodyKind === "encrypted") {
        try {
          body = decryptEncryptedBody(runtime.keys, header(req, "encryption"), raw);
        } catch {
          // One answer for every failure (header, RSA padding, DES, JSON): no oracle.
          return fail(lang, "encryption.invalid", { status: 400 });
        }
      } else if (bodyKind === "form") {
        body = Object.fromEntries(new URLSearchParams(raw));
      } else {
        try {
          body = raw.trim() === "" ? {} : JSON.parse(raw);
        } catch {
          return fail(lang, "request.invalid", { status: 400 });
        }
      }
    }

    const ctx: RouteContext = {
      req,
      url,
      params,
      runtime,
      lang,
      merchantCode,
      session,
      body,
      clientAddress: req.socket.remoteAddress ?? "",
    };
    return route.handler(ctx);
  }
}

/** The ways in through an identity service on the internet. */
export const SOCIAL_SIGN_IN_FEATURES = ["TELEGRAMLOGIN3", "GOOGLELOGIN3", "FACEBOOKLOGIN3", "TWITTERLOGIN3", "LINELOGIN3"] as const;

/** Starts the reference operator; resolves once it listens. */
export async function startReferenceOperator(options: ReferenceOperatorOptions = {}): Promise<ReferenceOperator> {
  const areas = options.areas ?? AREAS;
  const mode = options.mode ?? "test";
  // Built before the database opens: a route or relay declared twice stops the start at once.
  const routes = new RouteTable(areas, mode);
  const broker = new EmbeddedBroker(options.embeddedBroker);
  const db = openOperatorDb(options.dbPath ?? ":memory:", areas);
  let external: ExternalPublisher | null = null;
  try {
    if (options.socialSignIn === false) {
      const off = db.prepare("UPDATE merchant_features SET enabled = 0 WHERE feature = ?");
      for (const feature of SOCIAL_SIGN_IN_FEATURES) off.run(feature);
    }
    if (options.publicityPopups === false) db.prepare("DELETE FROM content_items WHERE kind = 'popup'").run();
    external = options.broker ? new ExternalPublisher(options.broker) : null;
    const now = () => Date.now();
    const runtime: OperatorRuntime = {
      db,
      idempotency: new IdempotencyStore(db),
      faults: new FaultSwitch(),
      keys: keyPairFromPem(keyPairPem(db)),
      settings: {
        mode,
        defaultLanguage: options.defaultLanguage ?? "CN",
        merchantCode: MERCHANT_CODE,
        loginAttemptLimit: options.loginAttemptLimit ?? LOGIN_ATTEMPT_LIMIT,
        publicUrl: "",
        portalUrl: options.portalUrl?.replace(/\/+$/, ""),
      },
      notifications: new Notifier(db, broker, external, now),
      now,
    };
    const operator = new ReferenceOperatorServer(runtime, routes, options.delayMs ?? 0, broker, external);
    await operator.listen(options.port ?? 0, options.host ?? "127.0.0.1");
    // Known once the port is: the URLs handed to browsers default to the operator's own.
    runtime.settings.publicUrl = (options.publicUrl ?? operator.url).replace(/\/+$/, "");
    return operator;
  } catch (error) {
    await Promise.all([broker.close(), external?.close()]);
    db.close();
    throw error;
  }
}
