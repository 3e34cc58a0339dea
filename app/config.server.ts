/**
 * Configuration, read from the environment each time it is asked for, so that the launcher
 * (which may start the reference operator first) and tests can set it before the first call.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";

/**
 * NODE_ENV as the running process has it. Read through an alias: the Remix compiler replaces
 * the literal `process.env.NODE_ENV` with "production" in every build, which would make the
 * demo's cookies Secure (unusable over plain http) and its secret mandatory.
 */
const runtimeEnv: Record<string, string | undefined> = process.env;
export const isProduction = () => runtimeEnv["NODE_ENV"] === "production";

export function dataDir(): string {
  const dir = path.resolve(process.env.DATA_DIR ?? ".data");
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function operatorConfig() {
  const baseUrl = process.env.OPERATOR_API_URL;
  if (!baseUrl) {
    throw new Error(
      "OPERATOR_API_URL is not set. Start the portal with `npm start` (which embeds the reference operator) or set it to your operator's origin.",
    );
  }
  return {
    baseUrl,
    merchantCode: process.env.MERCHANT_CODE ?? "demo",
    publicKeyHex: process.env.OPERATOR_RSA_PUBLIC_KEY,
    relayPrefixes: parseRelayPrefixes(process.env.RELAY_PREFIXES),
    cacheTtlMs: process.env.OPERATOR_CACHE_MS === undefined ? undefined : Number(process.env.OPERATOR_CACHE_MS),
  };
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
  const fromEnv = process.env.SESSION_SECRET;
  if (fromEnv) return fromEnv.split(",").map((s) => s.trim()).filter(Boolean);
  if (isProduction() && process.env.OPERATOR_API_URL && !process.env.PORTAL_DEMO) {
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
  return {
    windowMs: Number(process.env.LOGIN_RATE_WINDOW_MS ?? 60_000),
    perIp: Number(process.env.LOGIN_RATE_LIMIT_PER_IP ?? 20),
    perUsername: Number(process.env.LOGIN_RATE_LIMIT_PER_USERNAME ?? 8),
  };
}
