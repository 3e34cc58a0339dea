/**
 * Portal side of the operator's legacy payload encryption ("enc" calls in operator-api.md):
 *   body       = DES-ECB/PKCS#7(JSON.stringify(payload), random 16-char key), Base64
 *   Encryption = Base64(RSA PKCS#1 v1.5(reverse(key))) with the operator's public key,
 *                which operators hand out as a hexadecimal modulus (exponent 65537).
 * Server-only: it needs node:crypto, and the RSA key is configuration.
 */
import { constants, createPublicKey, publicEncrypt, randomInt, type KeyObject } from "node:crypto";
import { desEncrypt } from "~/lib/des";

const KEY_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** 16 characters of [0-9A-Za-z], from a CSPRNG (randomInt has no modulo bias). */
export function randomKey16(): string {
  let key = "";
  for (let i = 0; i < 16; i++) key += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return key;
}

// Building a KeyObject parses the key each time; the operator's key is fixed per deployment.
const publicKeyCache = new Map<string, KeyObject>();

/** RSA public key from a hexadecimal modulus and exponent 65537 (via JWK: n, e = "AQAB"). */
export function publicKeyFromHexModulus(hex: string): KeyObject {
  const cached = publicKeyCache.get(hex);
  if (cached) return cached;

  let clean = hex.trim().replace(/^0x/i, "").replace(/\s+/g, "");
  if (clean.length === 0 || !/^[0-9a-fA-F]+$/.test(clean)) {
    throw new Error("RSA public key must be a hexadecimal modulus");
  }
  if (clean.length % 2 === 1) clean = `0${clean}`;
  // JWK wants the unsigned big-endian modulus without leading zero bytes.
  let modulus = Buffer.from(clean, "hex");
  let start = 0;
  while (start < modulus.length - 1 && modulus[start] === 0) start++;
  modulus = modulus.subarray(start);

  const key = createPublicKey({
    key: { kty: "RSA", n: modulus.toString("base64url"), e: "AQAB" },
    format: "jwk",
  });
  publicKeyCache.set(hex, key);
  return key;
}

/** Encrypts a payload for an "enc" call: send `body` as the raw request body and `encryption` as the Encryption header. */
export function encryptPayload(payload: unknown, publicKeyHex: string): { body: string; encryption: string } {
  const key = randomKey16();
  // `?? null`: JSON.stringify(undefined) is undefined, which would not encrypt.
  const body = desEncrypt(JSON.stringify(payload ?? null), key);
  const reversed = key.split("").reverse().join("");
  const encryption = publicEncrypt(
    { key: publicKeyFromHexModulus(publicKeyHex), padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(reversed, "utf8"),
  ).toString("base64");
  return { body, encryption };
}
