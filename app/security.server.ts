/**
 * CSRF protection for every POST: remix-utils' signed double-submit token. The root loader
 * puts a token in a signed, HttpOnly cookie and in every form (AuthenticityTokenInput); an
 * action accepts a post only when the two match.
 */
import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { getClientIPAddress } from "remix-utils/get-client-ip-address";
import { isProduction, sessionSecrets, loginRateLimit } from "./config.server";
import { SlidingWindowLimiter } from "./lib/rate-limit.server";

let csrf: CSRF | undefined;

export function csrfProtection(): CSRF {
  return (csrf ??= new CSRF({
    cookie: createCookie("csrf", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: isProduction() && process.env.INSECURE_COOKIES !== "1",
      secrets: sessionSecrets(),
    }),
    formDataKey: "csrf",
    secret: sessionSecrets()[0],
  }));
}

/** Throws 403 unless the form carries this browser's token. */
export async function validateCsrf(formData: FormData, request: Request): Promise<void> {
  try {
    await csrfProtection().validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) {
      throw new Response("This form has expired. Go back, reload the page and try again.", {
        status: 403,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    throw error;
  }
}

/**
 * The client's IP: from the server (load context) when it knows it; forwarded headers only
 * when TRUST_PROXY says a proxy in front sets them.
 */
export function clientIp(request: Request, context: unknown): string {
  if (process.env.TRUST_PROXY === "1") {
    const forwarded = getClientIPAddress(request);
    if (forwarded) return forwarded;
  }
  const fromServer = (context as { clientIp?: string } | undefined)?.clientIp;
  return fromServer ?? "unknown";
}

let limiters: { ip: SlidingWindowLimiter; username: SlidingWindowLimiter } | undefined;

/** Login attempts per client IP and per username (lower-cased). */
export function checkLoginRate(ip: string, username: string) {
  if (!limiters) {
    const { windowMs, perIp, perUsername } = loginRateLimit();
    limiters = {
      ip: new SlidingWindowLimiter(perIp, windowMs),
      username: new SlidingWindowLimiter(perUsername, windowMs),
    };
  }
  // Without a known address (remix-serve without TRUST_PROXY) only the username limit applies:
  // one shared bucket would lock every player out together.
  if (ip !== "unknown") {
    const byIp = limiters.ip.hit(ip);
    if (!byIp.allowed) return byIp;
  }
  return limiters.username.hit(username.toLowerCase());
}
