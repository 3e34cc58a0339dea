/**
 * Security headers of every page and data answer. Scripts run only with this response's
 * nonce; images may be data: URLs because the operator's captcha arrives as one.
 *
 * Games (decision 024): a Play form's post is answered with a 303 to the game's address, and
 * Chromium checks form-action against the redirect too; the in-page game and the lottery are
 * frames; game and vendor icons come from the operator or an image CDN. So form-action and
 * frame-src name the operator's origins, the launch CDNs of its status and the origins games
 * were launched on — never every `https:` origin (issue 22: an injected form or frame could then
 * reach any host). img-src keeps `https:`: icons come from whatever image CDN or vendor host the
 * catalogue names, and an image can neither run script nor carry a form's fields away.
 * Scripts, styles, connections, framing of the portal and the base stay as strict as before.
 */
import { config } from "~/server/config.server";

/** sha256 of "display:none", Base64. */
const HONEYPOT_STYLE_HASH = "sha256-aqNNdDLnnrDOnTNdkJpYlAxKVJtLt9CtFLklmInuUAE=";

/**
 * A page's own image origins (the speed test's plain-http domains, decision 047), handed over by
 * its loader's headers under this name; taken out of the answer here. Per answer, not noted for
 * the process: only the page that times those domains lets the browser load images from them.
 */
export const IMAGE_ORIGINS_HEADER = "X-Portal-Image-Origins";
const IMAGE_ORIGINS_MAX = 20;

function pageImageOrigins(headers: Headers): string {
  const given = headers.get(IMAGE_ORIGINS_HEADER);
  headers.delete(IMAGE_ORIGINS_HEADER);
  if (!given) return "";
  const origins = given.split(" ").filter((origin) => ORIGIN.test(origin));
  return origins.slice(0, IMAGE_ORIGINS_MAX).join(" ");
}

/** `frames`: origins this answer alone may frame besides the usual (the chat's, on a page that shows it). */
export function securityHeaders(headers: Headers, nonce?: string, frames: readonly string[] = []) {
  const script = nonce ? `'self' 'nonce-${nonce}'` : "'self'";
  const identity = identityServiceSources();
  const named = gameOrigins();
  const games = named.join(" ");
  const images = [games, pageImageOrigins(headers)].filter(Boolean).join(" ");
  const extra = [...new Set(frames)].filter((origin) => ORIGIN.test(origin) && !named.includes(origin));
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src ${script} ${identity.script}`,
      "style-src 'self'",
      // The one inline style allowed: remix-utils' honeypot wrapper renders style="display:none".
      `style-src-attr 'unsafe-hashes' '${HONEYPOT_STYLE_HASH}'`,
      `img-src 'self' data: https: ${images}`,
      "font-src 'self'",
      `connect-src 'self' ${identity.connect}`,
      // 'self': an in-page game's own Back loads /games/back in its frame (decision 038) — the one
      // portal page that lets itself be framed (every other says frame-ancestors 'none') and it runs no script.
      `frame-src 'self' ${identity.frame} ${games}${extra.length ? ` ${extra.join(" ")}` : ""}`,
      `form-action 'self' ${games}`,
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; "),
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "same-origin");
  // Social sign-in opens the identity service's pop-up, which must be able to report back.
  headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
}

/**
 * Social sign-in (app/features/auth/firebase.client.ts) talks to Firebase Auth and frames its auth domain
 * (in test and demo runs with FIREBASE_AUTH_EMULATOR_HOST, the local emulator); the SDK's
 * pop-up helper loads Google's gapi loader, only when a player presses a social button.
 */
function identityServiceSources(): { script: string; connect: string; frame: string } {
  const emulator = config().FIREBASE_AUTH_EMULATOR_HOST;
  const local = emulator ? ` http://${emulator}` : "";
  return {
    script: "https://apis.google.com",
    connect: `https://identitytoolkit.googleapis.com https://securetoken.googleapis.com${local}`,
    frame: `https://*.firebaseapp.com https://*.web.app${local}`,
  };
}

/**
 * Origins games and lotteries were launched on, and the launch CDNs the operator's status named,
 * most recently noted last. Bounded, the least recently noted dropped first: a CSP header must
 * stay a few kilobytes (a proxy in front refuses larger headers), and an origin dropped is noted
 * again by its next launch, before that answer's headers are made.
 */
const seenOrigins = new Set<string>();
export const SEEN_MAX = 64;
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/;

/**
 * Called with a launch's game origin and the status' launch CDNs (launchAddress, before the 303
 * or the frame is served), with the launch CDNs whenever the status is read for a page, and by
 * /seamless and /trial with the address the session holds. Only bare http(s) origins are kept:
 * anything else could break out of the header's grammar.
 */
export function noteLaunchOrigins(origins: readonly string[]): void {
  for (const origin of origins) {
    if (!ORIGIN.test(origin)) continue;
    seenOrigins.delete(origin);
    seenOrigins.add(origin);
    if (seenOrigins.size > SEEN_MAX) seenOrigins.delete(seenOrigins.values().next().value!);
  }
}

/** The origins form-action and frame-src name at this moment. */
export function namedGameOrigins(): Set<string> {
  return new Set(gameOrigins());
}

/**
 * Where games and their frames come from: the operator's API and public origins
 * (OPERATOR_API_URL; OPERATOR_PUBLIC_URL when configured) and the origins noted above.
 */
function gameOrigins(): string[] {
  const c = config();
  const origins = new Set<string>();
  for (const url of [c.OPERATOR_API_URL, c.OPERATOR_PUBLIC_URL]) {
    if (!url) continue;
    try {
      const { origin, protocol } = new URL(url);
      if (protocol === "http:" || protocol === "https:") origins.add(origin);
    } catch {
      // configuration checks the URL at start-up; nothing to add
    }
  }
  for (const origin of seenOrigins) origins.add(origin);
  return [...origins];
}
