/**
 * Security headers of every page and data answer. Scripts run only with this response's
 * nonce; images may be data: URLs because the operator's captcha arrives as one.
 */
export function securityHeaders(headers: Headers, nonce?: string) {
  const script = nonce ? `'self' 'nonce-${nonce}'` : "'self'";
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src ${script}`,
      "style-src 'self'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; "),
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "same-origin");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
}
