/**
 * Security headers of every page and data answer. Scripts run only with this response's
 * nonce; images may be data: URLs because the operator's captcha arrives as one, and come from
 * the operator's image CDNs (any https origin: the status names them, and may change them) or
 * its own origin (decision 022).
 */
import { config, operatorPublicOrigin } from "~/server/config.server";

/** sha256 of "display:none", Base64. */
const HONEYPOT_STYLE_HASH = "sha256-aqNNdDLnnrDOnTNdkJpYlAxKVJtLt9CtFLklmInuUAE=";

export function securityHeaders(headers: Headers, nonce?: string) {
  const script = nonce ? `'self' 'nonce-${nonce}'` : "'self'";
  const identity = identityServiceSources();
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src ${script} ${identity.script}`,
      "style-src 'self'",
      // The one inline style allowed: remix-utils' honeypot wrapper renders style="display:none".
      `style-src-attr 'unsafe-hashes' '${HONEYPOT_STYLE_HASH}'`,
      `img-src ${imageSources()}`,
      "font-src 'self'",
      `connect-src 'self' ${identity.connect}`,
      `frame-src ${identity.frame}`,
      "form-action 'self'",
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

/** 'self', data: (the captcha), https: (image CDNs, an operator's logo) and the operator's origin when it is plain http (the demo). */
function imageSources(): string {
  const origin = operatorPublicOrigin();
  return ["'self'", "data:", "https:", ...(origin.startsWith("http:") ? [origin] : [])].join(" ");
}
