/**
 * Sealing of stored session rows: AES-256-GCM with a key derived from a session secret, and a
 * version prefix so a later format can be told apart. Free of the app's configuration, so that
 * the end-to-end journeys (which read the store of a running portal) open rows the same way.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const SEALED = "v1.";
const keyOf = (secret: string) => createHash("sha256").update(`portal session rows\0${secret}`).digest();

export function sealWith(data: unknown, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(data), "utf8"), cipher.final()]);
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

/** The row's values, opened with the first secret that fits; null when none does. */
export function unsealWith(stored: string, secrets: readonly string[]): Record<string, unknown> | null {
  if (!stored.startsWith(SEALED)) return null;
  const raw = Buffer.from(stored.slice(SEALED.length), "base64");
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8"));
    } catch {
      // not this secret
    }
  }
  return null;
}
