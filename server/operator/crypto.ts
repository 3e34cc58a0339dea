/**
 * Operator-side cryptography: the RSA key pair of the legacy payload encryption, its
 * decryption, password hashing and session tokens.
 */
import {
  constants,
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
  scrypt,
  scryptSync,
  timingSafeEqual,
  type KeyObject,
} from "node:crypto";
import { desDecrypt } from "../../app/lib/des";

// ---------------------------------------------------------------------------------------------
// RSA key pair
// ---------------------------------------------------------------------------------------------

export interface OperatorKeyPair {
  privateKey: KeyObject;
  /** Modulus as lowercase hex, the form operators hand out to portals. */
  publicKeyHex: string;
  /** Modulus length in bytes (256 for 2048-bit). */
  modulusBytes: number;
}

export function generateKeyPairPem(): string {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048, publicExponent: 65537 });
  return privateKey.export({ format: "pem", type: "pkcs8" }).toString();
}

export function keyPairFromPem(pem: string): OperatorKeyPair {
  const privateKey = createPrivateKey(pem);
  const jwk = privateKey.export({ format: "jwk" });
  if (!jwk.n) throw new Error("RSA key has no modulus");
  const modulus = Buffer.from(jwk.n, "base64url");
  return { privateKey, publicKeyHex: modulus.toString("hex"), modulusBytes: modulus.length };
}

/**
 * Removes PKCS#1 v1.5 encryption padding (EM = 0x00 0x02 PS 0x00 M, PS at least 8 non-zero
 * bytes) and returns M. Throws on anything else.
 *
 * Needed because Node 20 refuses privateDecrypt with RSA_PKCS1_PADDING (CVE-2023-46809), so we
 * decrypt with RSA_NO_PADDING and check the padding here. Every failure, here and in the DES /
 * JSON steps after it, becomes the same "encryption.invalid" answer, so callers cannot tell a
 * bad padding from a bad key (no cheap Bleichenbacher oracle).
 */
export function stripPkcs1v15Type2(em: Uint8Array, modulusBytes = em.length): Buffer {
  if (em.length !== modulusBytes || em.length < 11) throw new Error("RSA block has the wrong length");
  if (em[0] !== 0x00 || em[1] !== 0x02) throw new Error("RSA block is not PKCS#1 v1.5 type 2");
  const separator = em.indexOf(0x00, 2);
  // No separator, or a padding string shorter than 8 bytes, is malformed.
  if (separator < 0 || separator < 10) throw new Error("RSA padding is malformed");
  return Buffer.from(em.subarray(separator + 1));
}

export function rsaDecryptPkcs1(keys: OperatorKeyPair, cipher: Buffer): Buffer {
  if (cipher.length !== keys.modulusBytes) throw new Error("RSA cipher text has the wrong length");
  const em = privateDecrypt({ key: keys.privateKey, padding: constants.RSA_NO_PADDING }, cipher);
  return stripPkcs1v15Type2(em, keys.modulusBytes);
}

export class EncryptionError extends Error {}

/**
 * Decrypts an "enc" request: Encryption header = Base64 RSA(reverse(key)); body = Base64
 * DES-ECB(JSON, key). Throws EncryptionError on any failure.
 */
export function decryptEncryptedBody(keys: OperatorKeyPair, encryptionHeader: string | undefined, rawBody: string): unknown {
  try {
    const header = (encryptionHeader ?? "").trim();
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(header)) throw new Error("Encryption header missing or not Base64");
    const reversedKey = rsaDecryptPkcs1(keys, Buffer.from(header, "base64")).toString("utf8");
    if (!/^[0-9A-Za-z]{8,64}$/.test(reversedKey)) throw new Error("Decrypted key has an unexpected form");
    const key = reversedKey.split("").reverse().join("");
    let cipherText = rawBody.trim();
    // Tolerate a client that JSON-quotes the Base64 string.
    if (cipherText.startsWith('"')) cipherText = String(JSON.parse(cipherText));
    return JSON.parse(desDecrypt(cipherText, key));
  } catch (error) {
    throw new EncryptionError(error instanceof Error ? error.message : String(error));
  }
}

// ---------------------------------------------------------------------------------------------
// Passwords (scrypt) and tokens
// ---------------------------------------------------------------------------------------------

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 32 } as const;

/** Stored as scrypt$N$r$p$salt$hash (Base64), so the cost can change without breaking old hashes. */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return ["scrypt", SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64"), hash.toString("base64")].join("$");
}

function scryptAsync(password: string, salt: Buffer, keyLength: number, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem: N=16384,r=8 needs 16 MiB, which is just at Node's default limit.
    scrypt(password, salt, keyLength, { N, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

// Verified against when the user does not exist, so unknown users take as long as wrong passwords.
const DUMMY_HASH = hashPasswordSync(randomBytes(16).toString("hex"));

/** Async (does not block the event loop during concurrency tests); constant-time comparison. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? DUMMY_HASH).split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, saltB64, hashB64] = parts;
  const expected = Buffer.from(hashB64, "base64");
  const actual = await scryptAsync(password, Buffer.from(saltB64, "base64"), expected.length, Number(n), Number(r), Number(p));
  return stored !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** 32 random bytes, hex. */
export function newToken(): string {
  return randomBytes(32).toString("hex");
}

/** Sessions are stored by hash, so a leaked database does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
