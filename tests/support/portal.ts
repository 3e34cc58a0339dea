/**
 * A portal under test: the real reference operator on a random port, the portal's
 * configuration pointed at it, and helpers that call route modules with real Requests.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startReferenceOperator, type ReferenceOperator, type ReferenceOperatorOptions } from "../../server/operator/index";

export async function startPortalEnv(options: ReferenceOperatorOptions = {}): Promise<ReferenceOperator> {
  const operator = await startReferenceOperator({ mode: "test", ...options });
  process.env.OPERATOR_API_URL = operator.url;
  process.env.OPERATOR_RSA_PUBLIC_KEY = operator.publicKeyHex;
  process.env.MERCHANT_CODE = operator.merchantCode;
  process.env.SESSION_SECRET = "test-secret-for-vitest-only";
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "portal-test-"));
  return operator;
}

/** A tiny cookie jar: what the browser would send back. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(name: string) {
    return this.cookies.get(name);
  }

  /**
   * The CSRF token the page would carry now: the one in the csrf cookie (a signed JSON string).
   * A login gives the session a new token; a browser reads it from the next page it loads.
   */
  csrf(): string | undefined {
    const cookie = this.cookies.get("csrf");
    if (!cookie) return undefined;
    const signed = decodeURIComponent(cookie);
    return JSON.parse(decodeURIComponent(escape(atob(signed.slice(0, signed.lastIndexOf("."))))));
  }

  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

export function getRequest(url: string, jar?: CookieJar) {
  return new Request(new URL(url, "http://portal.test"), { headers: jar ? { Cookie: jar.header() } : {} });
}

export function postRequest(url: string, fields: Record<string, string>, jar?: CookieJar) {
  return new Request(new URL(url, "http://portal.test"), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(jar ? { Cookie: jar.header() } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Runs a loader or action and returns its Response whether it returned or threw one. */
export async function run(fn: () => Promise<unknown> | unknown): Promise<Response> {
  try {
    const result = await fn();
    if (result instanceof Response) return result;
    throw new Error("route returned a non-Response");
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

export const args = (request: Request, context: Record<string, unknown> = { clientIp: "10.0.0.1" }) => ({
  request,
  context,
  params: {},
});

/**
 * Flips whitelabel switches in the reference operator and drops the portal client's cached
 * settings, so the next page reads them.
 */
export async function setFeatures(operator: { url: string }, features: Record<string, boolean>): Promise<void> {
  const res = await fetch(`${operator.url}/__reference/features`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ features }),
  });
  if (!res.ok) throw new Error(`/__reference/features: HTTP ${res.status}`);
  const { operatorClient } = await import("~/operator/operator.server");
  operatorClient().clearCache();
}

/** A value from the reference operator's test routes: GET, or POST with a JSON body. */
export async function referenceValue(operator: { url: string }, path: string, body?: unknown): Promise<any> {
  const init =
    body === undefined ? undefined : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  return ((await (await fetch(`${operator.url}${path}`, init)).json()) as { value: unknown }).value;
}
