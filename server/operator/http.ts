/**
 * Route table types, the area type and answer helpers. A route is data (method, path, access,
 * body kind, handler), so adding an endpoint is adding one entry to an area's routes.ts.
 */
import type { IncomingMessage } from "node:http";
import { messageFor, type MessageLanguage } from "./catalog";
import type { OperatorKeyPair } from "./crypto";
import type { Db } from "./db";
import type { FaultSwitch, IdempotencyStore } from "./faults";
import type { MemberRow } from "./member/store";
import type { Notifier } from "./notify/notifier";
import { RelayDispatcher, type RelayDef } from "./relay";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * merchant:  needs a known Merchant header.
 * session:   needs a known Merchant header and a live Authorization token.
 * reference: test/demo helper; no Merchant header; absent in production mode.
 * public:    what a browser loads directly (icons, the demo game page); no Merchant header.
 */
export type Access = "merchant" | "session" | "reference" | "public";

/**
 * none: body ignored; json: JSON body ({} when empty); form: URL-encoded fields; encrypted: legacy
 * DES/RSA body; multipart: fields, files as { name, type, bytes }.
 */
export type BodyKind = "none" | "json" | "form" | "encrypted" | "multipart";

/** Envelope of every answer plus its HTTP status. */
export interface Reply {
  status: number;
  success: boolean;
  value: unknown;
  message: string;
  errorCode: string;
  /** A body other than the JSON envelope (an icon, a page): written as is instead of the envelope. */
  raw?: RawBody;
}

export interface RawBody {
  contentType: string;
  /** Text, or bytes (a PNG). */
  body: string | Buffer;
  headers?: Record<string, string>;
}

export interface OperatorSettings {
  mode: "test" | "demo" | "production";
  defaultLanguage: "CN" | "EN";
  merchantCode: string;
  /** Login attempts allowed per username or device within a minute. */
  loginAttemptLimit: number;
  /** Base of the URLs the operator hands out for browsers (demo game pages, logos); no trailing slash. */
  publicUrl: string;
  /** The portal's own origin when the operator is embedded by it (its domain routes list it); no trailing slash. */
  portalUrl?: string;
}

/** What lives as long as the server: storage, keys, settings. */
export interface OperatorRuntime {
  db: Db;
  /** Changing calls with an Idempotency-Key act once (faults.ts). */
  idempotency: IdempotencyStore;
  /** Answers lost after acting, armed by tests and demos (faults.ts). */
  faults: FaultSwitch;
  keys: OperatorKeyPair;
  settings: OperatorSettings;
  /** Messages to the members' topics, published after a change is committed (notify/notifier.ts). */
  notifications: Notifier;
  now(): number;
}

export interface Session {
  member: MemberRow;
  token: string;
}

export interface RouteContext {
  req: IncomingMessage;
  url: URL;
  /** Values of ":name" path segments. */
  params: Record<string, string>;
  runtime: OperatorRuntime;
  lang: MessageLanguage;
  /** The merchant of the request (validated unless access is "reference"). */
  merchantCode: string;
  /** Present for "session" routes. */
  session: Session | null;
  /** Parsed JSON or decrypted payload; undefined for body "none". */
  body: unknown;
  /** Remote address, a fallback throttling key when a client sends no device id. */
  clientAddress: string;
}

export interface RouteDef {
  method: HttpMethod;
  /** Exact path; a segment ":name" matches any one segment. */
  path: string;
  access: Access;
  body?: BodyKind;
  /** The largest body this route reads (default 256 KiB); calls that carry images need more. */
  maxBodyBytes?: number;
  handler(ctx: RouteContext): Reply | Promise<Reply>;
}

/**
 * One part of the operator API (session, register, member, ...): its tables, its demo rows, its
 * routes and relay operations. The list in areas.ts is what the server serves.
 */
export interface OperatorArea {
  name: string;
  /** CREATE TABLE IF NOT EXISTS statements; may reference the tables of areas listed before. */
  schema?: string;
  /** Fills the area's tables when they are empty (demo rows); runs after every area's schema. */
  seed?(db: Db, now: number): void;
  routes?: readonly RouteDef[];
  relays?: readonly RelayDef[];
}

export function ok(value: unknown = null): Reply {
  return { status: 200, success: true, value, message: "", errorCode: "" };
}

/** A non-JSON answer (SVG, HTML). */
export function rawReply(status: number, contentType: string, body: string | Buffer, headers: Record<string, string> = {}): Reply {
  return { status, success: status < 400, value: null, message: "", errorCode: "", raw: { contentType, body, headers } };
}

/** A failure envelope with the message of the code in the request's language. HTTP 200 unless given. */
export function fail(lang: MessageLanguage, errorCode: string, options: { status?: number; value?: unknown } = {}): Reply {
  return {
    status: options.status ?? 200,
    success: false,
    value: options.value ?? null,
    message: messageFor(errorCode, lang),
    errorCode,
  };
}

/** A failure whose message its area keeps (codes the shared catalogue does not know); HTTP 200 unless given. */
export function failWith(
  messages: Readonly<Record<string, Record<MessageLanguage, string>>>,
  lang: MessageLanguage,
  errorCode: string,
  status = 200,
): Reply {
  return { status, success: false, value: null, message: messages[errorCode]?.[lang] ?? errorCode, errorCode };
}

/** The session of a "session" route (the server guarantees it before the handler runs). */
export function sessionOf(ctx: RouteContext): Session {
  if (!ctx.session) throw new Error(`${ctx.url.pathname} is not declared with access "session"`);
  return ctx.session;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Matches a path against a route pattern; returns the params or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(":")) {
      if (got[i] === "") return null;
      try {
        params[want[i].slice(1)] = decodeURIComponent(got[i]);
      } catch {
        return null; // malformed escape: treat as no match (404) rather than a server error
      }
    } else if (want[i] !== got[i]) {
      return null;
    }
  }
  return params;
}

export type RouteMatch = { route: RouteDef; params: Record<string, string> } | { route: null; status: 404 | 405 };

/** The routes and relay operations of a list of areas, looked up by method and path. */
export class RouteTable {
  private readonly routes: RouteDef[] = [];
  private readonly relays: RelayDispatcher;

  constructor(areas: readonly OperatorArea[], mode: OperatorSettings["mode"]) {
    const seen = new Set<string>();
    for (const route of areas.flatMap((area) => area.routes ?? [])) {
      // Production mode must not expose captcha answers, SMS codes or the switches of the test helpers.
      if (route.access === "reference" && mode === "production") continue;
      if (RelayDispatcher.isRelayPath(route.path)) throw new Error(`${route.path} is a relay operation: register it in the area's relays`);
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) throw new Error(`route ${key} is declared twice`);
      seen.add(key);
      this.routes.push(route);
    }
    this.relays = new RelayDispatcher(areas.flatMap((area) => area.relays ?? []));
  }

  /** The route of a request, or whether its path is unknown (404) or known for other methods (405). */
  find(method: string, pathname: string): RouteMatch {
    if (RelayDispatcher.isRelayPath(pathname)) {
      const relay = this.relays.match(pathname);
      if (!relay) return { route: null, status: 404 };
      return relay.method === method ? { route: relay, params: {} } : { route: null, status: 405 };
    }
    let pathKnown = false;
    for (const route of this.routes) {
      const params = matchPath(route.path, pathname);
      if (!params) continue;
      if (route.method === method) return { route, params };
      pathKnown = true;
    }
    return { route: null, status: pathKnown ? 405 : 404 };
  }
}
