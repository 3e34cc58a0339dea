/**
 * Security headers of every page and data answer. Scripts run only with this response's
 * nonce; images may be data: URLs because the operator's captcha arrives as one.
 *
 * Games (decision 024): a Play form's post is answered with a 303 to the game's address, and
 * Chromium checks form-action against the redirect too; the in-page game is a frame; game and
 * vendor icons come from the operator or an image CDN. So form-action, frame-src and img-src
 * also name the operator's origins, the CDN origins the portal has been told of, and `https:`
 * (a vendor's game server can be any host; the operator answers it). Scripts, styles,
 * connections, framing of the portal and the base stay as strict as before.
 */
import { config } from "~/server/config.server";

/** sha256 of "display:none", Base64. */
const HONEYPOT_STYLE_HASH = "sha256-aqNNdDLnnrDOnTNdkJpYlAxKVJtLt9CtFLklmInuUAE=";

export function securityHeaders(headers: Headers, nonce?: string) {
  const script = nonce ? `'self' 'nonce-${nonce}'` : "'self'";
  const identity = identityServiceSources();
  const games = gameSources();
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src ${script} ${identity.script}`,
      "style-src 'self'",
      // The one inline style allowed: remix-utils' honeypot wrapper renders style="display:none".
      `style-src-attr 'unsafe-hashes' '${HONEYPOT_STYLE_HASH}'`,
      `img-src 'self' data: ${games}`,
      "font-src 'self'",
      `connect-src 'self' ${identity.connect}`,
      `frame-src ${identity.frame} ${games}`,
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
 * Origins that launch CDNs and game addresses were seen on (the operator's status and launch
 * answers); only http ones need naming, `https:` covers the rest. Bounded: a list of CDNs is a
 * handful of hosts.
 */
const seenOrigins = new Set<string>();
const SEEN_MAX = 64;

/** Called by the launch action with the game's origin and the status' launch CDNs. */
export function noteLaunchOrigins(origins: readonly string[]): void {
  for (const origin of origins) {
    if (!origin.startsWith("http://") || seenOrigins.has(origin) || seenOrigins.size >= SEEN_MAX) continue;
    if (/^http:\/\/[A-Za-z0-9.-]+(:\d+)?$/.test(origin)) seenOrigins.add(origin);
  }
}

/**
 * Where games, their frames and their icons come from: the operator's API and public origins
 * (OPERATOR_API_URL; OPERATOR_PUBLIC_URL when configured), the http origins seen in its
 * answers, and any https origin.
 */
function gameSources(): string {
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
  return ["https:", ...origins].join(" ");
}
