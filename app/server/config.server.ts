/**
 * Every environment variable the portal reads, checked by one zod schema. The launcher
 * (server/start.ts) checks it before it starts anything and stops with the list of problems; the
 * app reads it once, on first use, after the launcher has set the embedded operator's address.
 * No other module reads process.env (a lint rule keeps it so). The README's configuration
 * table documents the same variables.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";

/** "1" turns a switch on; anything else (or nothing) leaves it off. */
const flag = z
  .string()
  .optional()
  .transform((v) => v === "1");
const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** The operator's origin; unset: `npm start` embeds the reference operator and sets it. */
  OPERATOR_API_URL: optionalText.pipe(z.string().url().optional()),
  /**
   * The operator's origin as browsers reach it, for its images (game and vendor icons without an
   * image CDN) when that is not OPERATOR_API_URL (an API behind a private address or a proxy).
   */
  OPERATOR_PUBLIC_URL: optionalText.pipe(z.string().url().optional()),
  MERCHANT_CODE: z.string().trim().min(1).default("demo"),
  OPERATOR_RSA_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(0x)?[0-9a-fA-F\s]+$/, "must be the RSA modulus in hexadecimal")
      .optional(),
  ),
  /** "MCSFE=MCS2,GCSGAME=GCS2": relay services an operator names differently. */
  RELAY_PREFIXES: z
    .string()
    .optional()
    .transform((v) => parseRelayPrefixes(v)),
  OPERATOR_CACHE_MS: z.coerce.number().int().min(0).optional(),
  OPERATOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).optional(),
  /** How long the operator's site status (maintenance, region) is held: site-state.server.ts. */
  SITE_STATUS_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  OPERATOR_BREAKER_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  SESSION_SECRET: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** Set by the launcher when it embeds the reference operator: a demo, never real money. */
  PORTAL_DEMO: flag,
  /** Cookies without Secure in production (a TLS-terminating proxy that forwards plain http). */
  INSECURE_COOKIES: flag,
  DATA_DIR: z.string().trim().min(1).default(".data"),
  /** The portal's SQLite file; ":memory:" for tests; default DATA_DIR/portal.db. */
  PORTAL_DB: optionalText,
  /**
   * Sessions, limits, one-time keys and pending logins in Redis (redis://host:6379/0), shared by
   * every portal process that names it; unset: the SQLite file and this process's memory.
   */
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/, "must be a redis:// or rediss:// address")
      .optional(),
  ),
  /** Every Redis key and channel starts with it: several sites on one Redis stay apart. */
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w:.-]{1,64}$/, "letters, digits and _ : . - only")
    .default("portal:"),
  /**
   * The operator's real-time broker, STOMP over WebSocket (decision 051); `npm start` sets it to
   * the embedded reference operator's. Unset with OPERATOR_API_URL: notifications are off.
   */
  OPERATOR_BROKER_URL: optionalText.pipe(
    z
      .string()
      .regex(/^wss?:\/\/\S+$/, "must be a ws:// or wss:// address")
      .optional(),
  ),
  OPERATOR_BROKER_LOGIN: optionalText,
  OPERATOR_BROKER_PASSCODE: optionalText,
  /** The broker's virtual host (STOMP's host header; RabbitMQ's "/" when unset). */
  OPERATOR_BROKER_VHOST: optionalText,
  /** Worker processes `npm start` runs on this server (node:cluster); more than one needs REDIS_URL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  LOGIN_RATE_LIMIT_PER_IP: count(20),
  LOGIN_RATE_LIMIT_PER_USERNAME: count(8),
  LOGIN_RATE_WINDOW_MS: count(60_000),
  /** Proxies in front that append to X-Forwarded-For (0: none); "1" keeps meaning one proxy. */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  ACCESS_LOG: flag,
  DEFAULT_LOGIN_PASSWORD: z.string().min(1).default("Aa123456"),
  REGISTER_URL: optionalText.pipe(z.string().url().optional()),
  LOGIN_POP: z.enum(["0", "1"]).optional(),
  FIREBASE_AUTH_EMULATOR_HOST: optionalText.pipe(
    z
      .string()
      .regex(/^[\w.-]+:\d+$/, "must be host:port")
      .optional(),
  ),
  // The launcher's own (server/start.ts).
  PORT: port(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  REFERENCE_OPERATOR_PORT: port(4010),
  REFERENCE_OPERATOR_LANGUAGE: z.enum(["CN", "EN"]).default("CN"),
  REFERENCE_OPERATOR_DELAY_MS: z.coerce.number().int().min(0).default(0),
  REFERENCE_OPERATOR_LOGIN_LIMIT: z.coerce.number().int().positive().optional(),
  /** "1": the embedded demo offers social and Telegram sign-in (they need the internet, or the Firebase emulator). */
  REFERENCE_OPERATOR_SOCIAL: flag,
  /** "1": the embedded operator starts without its publicity pop-ups (the journeys add their own). */
  REFERENCE_OPERATOR_NO_PUBLICITY: flag,
});

export type PortalConfig = z.output<typeof configSchema>;

/** The schema's verdict on an environment, as lines a person can act on. */
export function checkConfig(env: Record<string, string | undefined>): { config: PortalConfig } | { problems: string[] } {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) {
    // Pending logins and limit counters live in one process's memory without Redis: a second
    // process would not see them (decision 050).
    if (parsed.data.WEB_CONCURRENCY > 1 && !parsed.data.REDIS_URL) {
      return { problems: ["WEB_CONCURRENCY: more than one process needs REDIS_URL (sessions, limits and pending logins must be shared)"] };
    }
    return { config: parsed.data };
  }
  return { problems: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) };
}

let current: PortalConfig | undefined;

/** The configuration, read and checked on first use. */
export function config(): PortalConfig {
  if (!current) {
    const checked = checkConfig(process.env);
    if ("problems" in checked) throw new Error(`The portal's configuration is invalid:\n  ${checked.problems.join("\n  ")}`);
    current = checked.config;
  }
  return current;
}

/** Tests that change the environment read it again; the running portal never does. */
export function reloadConfig(): PortalConfig {
  current = undefined;
  return config();
}

export const isProduction = () => config().NODE_ENV === "production";

/** Cookies are Secure in production, except in the demo (plain http on localhost) or when told. */
export const secureCookies = () => isProduction() && !config().PORTAL_DEMO && !config().INSECURE_COOKIES;

export function dataDir(): string {
  const dir = path.resolve(config().DATA_DIR);
  // Sessions and the generated secret live here: not for other users of the machine.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export function portalDbFile(): string {
  return config().PORTAL_DB ?? path.join(dataDir(), "portal.db");
}

export function operatorConfig() {
  const c = config();
  if (!c.OPERATOR_API_URL) {
    throw new Error(
      "OPERATOR_API_URL is not set. Start the portal with `npm start` (which embeds the reference operator) or set it to your operator's origin.",
    );
  }
  return {
    baseUrl: c.OPERATOR_API_URL,
    merchantCode: c.MERCHANT_CODE,
    publicKeyHex: c.OPERATOR_RSA_PUBLIC_KEY,
    relayPrefixes: c.RELAY_PREFIXES,
    cacheTtlMs: c.OPERATOR_CACHE_MS,
    timeoutMs: c.OPERATOR_TIMEOUT_MS,
    breakerMs: c.OPERATOR_BREAKER_MS,
  };
}

/**
 * Where browsers load the operator's images from when no image CDN is named: the origin of
 * OPERATOR_PUBLIC_URL, else of OPERATOR_API_URL; "" when neither is set.
 */
export function operatorPublicOrigin(): string {
  const c = config();
  const url = c.OPERATOR_PUBLIC_URL ?? c.OPERATOR_API_URL;
  if (!url) return "";
  try {
    const { origin } = new URL(url);
    return origin === "null" ? "" : origin;
  } catch {
    return "";
  }
}

/** "MCSFE=MCS2,GCSGAME=GCS2" → { MCSFE: "MCS2", GCSGAME: "GCS2" } */
export function parseRelayPrefixes(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (value ?? "").split(",")) {
    const [from, to] = pair.split("=").map((s) => s.trim());
    if (from && to) out[from] = to;
  }
  return out;
}

let generatedSecret: string | undefined;

/**
 * SESSION_SECRET from the environment. Without one (the demo), a secret is generated once and
 * kept in the data directory so that sessions survive a restart; production refuses to start
 * without a configured secret.
 */
export function sessionSecrets(): string[] {
  const c = config();
  if (c.SESSION_SECRET.length) return c.SESSION_SECRET;
  if (c.NODE_ENV === "production" && c.OPERATOR_API_URL && !c.PORTAL_DEMO) {
    throw new Error("SESSION_SECRET must be set in production.");
  }
  if (!generatedSecret) {
    const file = path.join(dataDir(), "session-secret");
    if (existsSync(file)) {
      generatedSecret = readFileSync(file, "utf8").trim();
    } else {
      generatedSecret = randomBytes(32).toString("hex");
      writeFileSync(file, generatedSecret, { mode: 0o600 });
      console.warn(`SESSION_SECRET is not set: generated one for this demo and kept it in ${file}.`);
    }
  }
  return [generatedSecret];
}

/** Login attempts allowed per window, per client IP and per username. */
export function loginRateLimit() {
  const c = config();
  return {
    windowMs: c.LOGIN_RATE_WINDOW_MS,
    perIp: c.LOGIN_RATE_LIMIT_PER_IP,
    perUsername: c.LOGIN_RATE_LIMIT_PER_USERNAME,
  };
}
