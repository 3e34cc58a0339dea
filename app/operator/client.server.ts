/**
 * The request layer of document 000, sections 7 and 9, run on the Node server: headers,
 * time-out, coalescing of identical GETs, per-player concurrency, the settings cache, the
 * legacy encryption, the error catalogue and the circuit breaker that keeps a failing operator
 * from costing every call a time-out. Routes never call fetch on the operator.
 */
import { endpoints, resolvePath, type AnswerOf, type Endpoint, type EndpointName } from "~/operator/endpoints";
import { classifyFailure, OperatorError, outcomeUnknown, unanswered, type Envelope } from "~/operator/errors";
import { IDEMPOTENCY_HEADER, nextIdempotencyKey } from "~/operator/idempotency.server";
import { encryptPayload } from "~/operator/encryption.server";
import { operatorLanguage, type Locale } from "~/i18n/config";

export const HTTP_TIMEOUT_MS = 20_000;
/**
 * After a time-out or a failed connection, how long calls fail at once with that failure
 * instead of waiting for the operator (decision 018); then one call probes it.
 */
export const BREAKER_MS = 5_000;
/** How long a call made while the probe is out waits for its outcome before failing fast. */
export const PROBE_WAIT_MS = 1_000;
export const CACHE_TTL_MS = 180_000;
/** Cached answers held at most (the least recently used goes first): shared settings take a few dozen. */
export const CACHE_MAX_ENTRIES = 1_000;
export const CONCURRENCY = { default: 6, gameList: 4 } as const;
/**
 * The key of the reads every visitor shares (sharedOperator). The six of document 000 are one
 * browser's; this pool is the whole process's, and a page of a player makes seven shared reads
 * at once (home: hot games, draws, the open issue, its draws, announcements, winners, jackpot),
 * so six made the seventh wait for the first to end. Identical reads coalesce, so this bounds
 * distinct ones only.
 */
export const SHARED_READS_KEY = "shared-reads";
export const SHARED_READS_CONCURRENCY = 32;
export const REGISTER_METHOD = "WEB";

export interface OperatorConfig {
  baseUrl: string;
  merchantCode: string;
  /** RSA modulus (hex) for encrypted calls. */
  publicKeyHex?: string;
  relayPrefixes?: Readonly<Record<string, string>>;
  timeoutMs?: number;
  /** The circuit breaker's window (BREAKER_MS unless configured). */
  breakerMs?: number;
  /** How long calls wait for the breaker's probe (PROBE_WAIT_MS unless configured). */
  probeWaitMs?: number;
  /** Lifetime of cached settings; the spec's 3 minutes unless configured (tests that flip switches use 0). */
  cacheTtlMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/** Who is calling: taken from the server-held session, never from the browser. */
export interface CallContext {
  token?: string | null;
  language: Locale;
  deviceId?: string | null;
  /** Key of the per-player concurrency limit (the session or device id). */
  clientKey?: string;
  /** Modules the merchant switched off: their calls are not made. */
  disabledModules?: ReadonlySet<string>;
}

export interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: Record<string, unknown>;
  /** Image format for listed-game and announcement calls. */
  imageFormat?: "webp" | "avif";
}

/** Query parameters that must never travel in a URL (they would land in logs). */
const STRIPPED_QUERY = new Set(["token", "authorization"]);

/** Each endpoint's name, for logs (the table's rows are the objects the client passes around). */
const OPERATION = new Map<Endpoint, string>(Object.entries(endpoints).map(([name, e]) => [e as Endpoint, name]));

/** What the caller of Breaker.admit reports when its call is over: the failure, or null when the operator answered. */
type Settle = (failure: OperatorError | null) => void;

/**
 * The operator's circuit breaker (decision 018). A time-out or a refused connection opens it:
 * for `windowMs` every call fails at once with the same catalogue failure, so that neither the
 * next loader of the page nor the next visitor waits the 20 s again. The first call after the
 * window goes out as the probe. Calls made within `probeWaitMs` of it (the other loaders of the
 * page that carries it) wait for its outcome: a well operator answers in milliseconds and that
 * page then loads whole. Later calls fail at once, and the probe's own time-out is paid by its
 * call alone. Any answer of the operator, even a refusal, closes the circuit: it was reached.
 */
class Breaker {
  /** The failure that opened the circuit; null while it is closed. */
  private failure: OperatorError | null = null;
  private openUntil = 0;
  /** The probe's outcome (true: the operator answered) while the probe is out. */
  private probe: Promise<boolean> | null = null;
  private probeDeadline = 0;
  private failedFast = 0;

  constructor(
    private readonly windowMs: number,
    private readonly probeWaitMs: number,
    private readonly now: () => number,
  ) {}

  /** Lets a call go out (it then reports its outcome to the answer) or throws the failure that opened the circuit. */
  async admit(): Promise<Settle> {
    if (!this.failure) return this.settle;
    if (this.probe) {
      if (await this.probeAnswers()) return this.settle;
      throw this.fastFailure();
    }
    if (this.now() < this.openUntil) throw this.fastFailure();
    let done!: (answered: boolean) => void;
    this.probe = new Promise<boolean>((resolve) => (done = resolve));
    this.probeDeadline = this.now() + this.probeWaitMs;
    return (failure) => {
      this.probe = null;
      this.settle(failure);
      done(!this.failure);
    };
  }

  /**
   * A call that joins an identical GET already out: while the circuit is open that request is
   * the probe or began before the failure, and waiting for it would cost the time-out again.
   */
  async joined<T>(work: Promise<T>): Promise<T> {
    if (!this.failure || (await this.probeAnswers())) return work;
    throw this.fastFailure();
  }

  /** Whether the probe out answers before its deadline. */
  private probeAnswers(): Promise<boolean> {
    const probe = this.probe;
    const left = this.probeDeadline - this.now();
    if (!probe || left <= 0) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(resolve, left, false);
      void probe.then((answered) => {
        clearTimeout(timer);
        resolve(answered);
      });
    });
  }

  private readonly settle: Settle = (failure) => {
    if (failure && unanswered(failure)) {
      this.failure = failure;
      this.openUntil = this.now() + this.windowMs;
    } else if (this.failure) {
      console.info(`operator: answering again (${this.failedFast} calls failed fast meanwhile)`);
      this.failure = null;
      this.failedFast = 0;
    }
  };

  private fastFailure(): OperatorError {
    this.failedFast++;
    const { kind, cause } = this.failure!;
    return new OperatorError({ kind, cause, failedFast: true });
  }
}

/** A counting semaphore: waiting callers run in arrival order. */
class Limiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly max: number) {}
  get idle() {
    return this.active === 0 && this.waiting.length === 0;
  }
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

export class OperatorClient {
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly cache = new Map<string, { expires: number; value: unknown }>();
  private readonly limiters = new Map<string, Limiter>();
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly breaker: Breaker;
  private readonly breakerMs: number;

  constructor(readonly config: OperatorConfig) {
    this.fetchImpl = config.fetch ?? fetch;
    // Read at each call, so that a test that moves the clock moves the breaker's too.
    this.now = config.now ?? (() => Date.now());
    this.breakerMs = config.breakerMs ?? BREAKER_MS;
    this.breaker = new Breaker(this.breakerMs, config.probeWaitMs ?? PROBE_WAIT_MS, this.now);
  }

  /**
   * Calls an operation of the endpoint table and answers its `value`, checked against the
   * endpoint's answer schema, or throws OperatorError.
   */
  async call<N extends EndpointName>(name: N, ctx: CallContext, input: CallInput = {}): Promise<AnswerOf<N>> {
    try {
      return await this.request<AnswerOf<N>>(name, ctx, input);
    } catch (error) {
      if (error instanceof OperatorError) {
        error.alerts = endpoints[name].alerts;
        error.operation = name;
      }
      throw error;
    }
  }

  private async request<T>(name: EndpointName, ctx: CallContext, input: CallInput): Promise<T> {
    const e: Endpoint = endpoints[name];
    if (ctx.disabledModules?.has(e.module)) {
      throw new OperatorError({ kind: "feature-off", code: e.module });
    }
    if (e.token && !ctx.token) {
      // The operator would answer login.not.session; saying so here spares the round trip.
      throw classifyFailure({ envelope: { success: false, errorCode: "login.not.session", message: "" } });
    }
    const url = this.url(e, input);
    const headers = this.headers(e, ctx);

    if (e.method !== "GET" && !e.read) {
      // A read asked after this write must not be answered by one asked before it (the balance
      // after a transfer): once the write is over, the player's reads in flight are joined no more.
      return this.limited(e, ctx, () => this.send<T>(e, url, headers, ctx, input)).finally(() => this.unjoinReadsOf(ctx.token));
    }

    const sendsToken = e.token && !!ctx.token;
    // A cached answer that carries a token belongs to that player alone. A read sent as a POST
    // is the same read only with the same body.
    const body = e.method === "GET" ? "" : `|${JSON.stringify(input.body ?? null)}`;
    const key = `${url}|${headers.Language}|${sendsToken ? ctx.token : ""}${body}`;
    if (e.cache) {
      const hit = this.cached(key);
      if (hit) return hit.value as T;
    }
    const pending = this.inFlight.get(key);
    if (pending) return this.breaker.joined(pending as Promise<T>);
    const request = this.limited(e, ctx, () => this.send<T>(e, url, headers, ctx, input))
      .then((value) => {
        if (e.cache) this.keep(key, value);
        return value;
      })
      .finally(() => {
        if (this.inFlight.get(key) === request) this.inFlight.delete(key);
      });
    this.inFlight.set(key, request);
    return request;
  }

  /** After a player's write: their reads in flight go on, but no later read joins them. */
  private unjoinReadsOf(token: string | null | undefined) {
    if (!token) return;
    for (const key of this.inFlight.keys()) if (key.includes(`|${token}`)) this.inFlight.delete(key);
  }

  /** A fresh cached answer, now the most recently used; an expired one is deleted. */
  private cached(key: string): { expires: number; value: unknown } | undefined {
    const hit = this.cache.get(key);
    if (!hit) return undefined;
    this.cache.delete(key);
    if (hit.expires <= this.now()) return undefined;
    this.cache.set(key, hit);
    return hit;
  }

  /** Caches an answer; past CACHE_MAX_ENTRIES the least recently used answers go. */
  private keep(key: string, value: unknown) {
    const ttl = this.config.cacheTtlMs ?? CACHE_TTL_MS;
    this.cache.delete(key);
    if (ttl <= 0) return;
    this.cache.set(key, { expires: this.now() + ttl, value });
    while (this.cache.size > CACHE_MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
  }

  /** Drops cached settings, e.g. after an operator changed its switches. */
  clearCache() {
    this.cache.clear();
  }

  private url(e: Endpoint, input: CallInput): string {
    const url = new URL(resolvePath(e, input.params, this.config.relayPrefixes), this.config.baseUrl);
    for (const [k, v] of Object.entries(input.query ?? {})) {
      if (v === undefined || v === null) continue;
      url.searchParams.set(k, String(v));
    }
    if (e.imageFormat && input.imageFormat) url.searchParams.set("ext", input.imageFormat);
    for (const k of [...url.searchParams.keys()]) {
      if (STRIPPED_QUERY.has(k.toLowerCase())) url.searchParams.delete(k);
    }
    return url.toString();
  }

  private headers(e: Endpoint, ctx: CallContext): Record<string, string> {
    const headers: Record<string, string> = {
      Merchant: this.config.merchantCode,
      Device: "web",
      Language: operatorLanguage(ctx.language),
      Accept: "application/json",
    };
    if ((e.token || e.tokenIfAny) && ctx.token) headers.Authorization = ctx.token;
    return headers;
  }

  private limited<T>(e: Endpoint, ctx: CallContext, task: () => Promise<T>): Promise<T> {
    const pool = e.pool ?? "default";
    const key = `${pool}:${ctx.clientKey ?? ctx.token ?? ctx.deviceId ?? "anonymous"}`;
    let limiter = this.limiters.get(key);
    if (!limiter) {
      limiter = new Limiter(ctx.clientKey === SHARED_READS_KEY ? SHARED_READS_CONCURRENCY : CONCURRENCY[pool]);
      this.limiters.set(key, limiter);
    }
    const l = limiter;
    return l.run(task).finally(() => {
      if (l.idle && this.limiters.get(key) === l) this.limiters.delete(key);
    });
  }

  private payload(e: Endpoint, ctx: CallContext, input: CallInput): Record<string, unknown> | undefined {
    if (!input.body && !e.deviceId && !e.registration) return undefined;
    const body: Record<string, unknown> = { ...input.body };
    if (e.deviceId && ctx.deviceId) body.deviceId = ctx.deviceId;
    if (e.registration && body.registerMethod === undefined) body.registerMethod = REGISTER_METHOD;
    return body;
  }

  private async send<T>(e: Endpoint, url: string, headers: Record<string, string>, ctx: CallContext, input: CallInput): Promise<T> {
    const init: RequestInit = { method: e.method, headers: { ...headers } };
    const payload = this.payload(e, ctx, input);
    const h = init.headers as Record<string, string>;
    if (payload !== undefined && e.method !== "GET") {
      if (e.encrypted) {
        if (!this.config.publicKeyHex) throw new Error("OPERATOR_RSA_PUBLIC_KEY is not configured");
        const { body, encryption } = encryptPayload(payload, this.config.publicKeyHex);
        init.body = body;
        h["Content-Type"] = "application/json";
        h.Encryption = encryption;
      } else if (e.body === "multipart") {
        // Files (Blobs) as parts of their own, every other value as a text field; fetch writes
        // the Content-Type with its boundary.
        const form = new FormData();
        for (const [k, v] of Object.entries(payload)) {
          if (v instanceof Blob) form.append(k, v, v instanceof File ? v.name : "upload");
          else if (v !== undefined && v !== null) form.append(k, String(v));
        }
        init.body = form;
      } else if (e.body === "form") {
        init.body = new URLSearchParams(
          Object.entries(payload).map(([k, v]) => [k, v === undefined || v === null ? "" : String(v)]),
        ).toString();
        h["Content-Type"] = "application/x-www-form-urlencoded";
      } else {
        init.body = JSON.stringify(payload);
        h["Content-Type"] = "application/json";
      }
    }

    const settle = await this.breaker.admit();
    // Past the breaker the call leaves: a money call carries its key and reports its outcome.
    const idempotency = e.money ? nextIdempotencyKey() : null;
    if (!idempotency) return this.exchange<T>(e, url, init, settle);
    h[IDEMPOTENCY_HEADER] = idempotency.key;
    try {
      const value = await this.exchange<T>(e, url, init, settle);
      idempotency.scope.acted = true;
      return value;
    } catch (error) {
      if (error instanceof OperatorError && outcomeUnknown(error)) idempotency.scope.unknown ??= error;
      throw error;
    }
  }

  /** One request and its answer: the value, or the catalogue's failure. */
  private async exchange<T>(e: Endpoint, url: string, init: RequestInit, settle: Settle): Promise<T> {
    const timeoutMs = this.config.timeoutMs ?? HTTP_TIMEOUT_MS;
    let response: Response;
    let envelope: Envelope<T> | null;
    try {
      response = await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      envelope = await readEnvelope<T>(response);
    } catch (cause) {
      const timedOut = isTimeout(cause);
      const failure = classifyFailure({ cause, timedOut });
      settle(failure);
      // One line per call that got no answer: never the URL, headers or body (a token, a password).
      console.error(
        `operator ${OPERATION.get(e) ?? "call"}: ${failure.kind} (${failure.causeCode})${timedOut ? ` after ${timeoutMs} ms` : ""}; ` +
          `calls fail fast for ${this.breakerMs} ms`,
      );
      throw failure;
    }
    settle(null);
    if (!isEnvelope(envelope)) {
      // A 2xx we cannot read is not a refusal: the operator may have acted (decision 035).
      if (response.ok) throw new OperatorError({ kind: "malformed", status: response.status, fields: ["(envelope)"] });
      envelope = null;
    }
    if (response.ok && envelope && envelope.success) return checkedValue(e, envelope.value);
    throw classifyFailure({ status: response.status, statusText: response.statusText, envelope });
  }
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === "object" && body !== null && !Array.isArray(body) && typeof (body as Envelope).success === "boolean";
}

/** Our time-out fired (AbortSignal.timeout rejects with a TimeoutError; an AbortError is the same signal's). */
function isTimeout(cause: unknown): boolean {
  const name = (cause as { name?: unknown } | null)?.name;
  return name === "TimeoutError" || name === "AbortError";
}

/** The answer's envelope; null when the body is not JSON (the status then speaks). A body that stalls or breaks off is no answer: that throws. */
async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  try {
    return (await response.json()) as Envelope<T>;
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

/**
 * The value as the endpoint's schema reads it. An answer of another shape is the operator's
 * fault: the player reads the retry text and the log names the fields, never their values
 * (an answer may carry a token).
 */
function checkedValue<T>(e: Endpoint, value: unknown): T {
  if (!e.answer) return value as T;
  const parsed = e.answer.safeParse(value);
  if (parsed.success) return parsed.data as T;
  const fields = parsed.error.issues.map((issue) => issue.path.join(".") || "(value)");
  throw new OperatorError({ kind: "malformed", serverMessage: "", statusText: "", code: "", value: null, fields });
}
