/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) with node:crypto only: the
 * authenticator-app method (G) of the two-factor login. Secrets are Base32 (RFC 4648), as
 * authenticator apps take them; the defaults are what those apps use: HMAC-SHA1, a 30 s step,
 * 6 digits.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type TotpAlgorithm = "sha1" | "sha256" | "sha512";

export interface TotpOptions {
  /** Seconds per step (RFC 6238's X). */
  step?: number;
  digits?: number;
  algorithm?: TotpAlgorithm;
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** Base32 to bytes; case, spaces and padding are ignored, as apps print secrets in groups. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("not a Base32 secret");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(out);
}

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32[(value >>> bits) & 31];
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** RFC 4226: HMAC of the 8-byte big-endian counter, dynamic truncation, modulo 10^digits. */
export function hotp(key: Uint8Array, counter: number, digits = 6, algorithm: TotpAlgorithm = "sha1"): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The step a moment falls in (RFC 6238's T, with T0 = 0). */
export function totpCounter(timeMs: number, step = 30): number {
  return Math.floor(timeMs / 1000 / step);
}

/** The code of a raw key at a moment. */
export function totpForKey(key: Uint8Array, timeMs: number, options: TotpOptions = {}): string {
  return hotp(key, totpCounter(timeMs, options.step), options.digits ?? 6, options.algorithm ?? "sha1");
}

/** The code an authenticator app shows for a Base32 secret at a moment. */
export function totp(secret: string, timeMs: number, options: TotpOptions = {}): string {
  return totpForKey(base32Decode(secret), timeMs, options);
}

/**
 * Checks a typed code against the current step and one step either side (clock drift, and a
 * code typed just as it changed). Answers the matching counter, so a caller can refuse a code
 * used before (RFC 6238, section 5.2), or null.
 */
export function verifyTotp(secret: string, code: string, timeMs: number, options: TotpOptions & { window?: number } = {}): number | null {
  const digits = options.digits ?? 6;
  const given = code.replace(/\s/g, "");
  if (!new RegExp(`^\\d{${digits}}$`).test(given)) return null;
  let key: Buffer;
  try {
    key = base32Decode(secret);
  } catch {
    return null;
  }
  const window = options.window ?? 1;
  const now = totpCounter(timeMs, options.step);
  let matched: number | null = null;
  // Every candidate is compared, in constant time, so the answer's timing says nothing.
  for (let counter = now - window; counter <= now + window; counter++) {
    if (counter < 0) continue;
    const expected = Buffer.from(hotp(key, counter, digits, options.algorithm ?? "sha1"));
    if (timingSafeEqual(expected, Buffer.from(given)) && matched === null) matched = counter;
  }
  return matched;
}
