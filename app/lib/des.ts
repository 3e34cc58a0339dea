/**
 * Legacy DES-ECB cipher shared by the portal (server and browser) and the reference operator.
 *
 * Operator back ends still require single DES (see docs: operator-api.md, "Legacy payload
 * encryption"). Node's OpenSSL 3 no longer ships DES, so crypto-js does the block cipher;
 * the output is byte-identical to
 *   CryptoJS.DES.encrypt(msg, CryptoJS.enc.Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString()
 * DES only uses the first 8 bytes of the key; the rest of a longer key is ignored.
 */
import CryptoJS from "crypto-js";

const DES_BLOCK_BYTES = 8;

/** Fails loudly instead of letting crypto-js read past the end of a short key (it would use zeros). */
function parseKey(key: string): CryptoJS.lib.WordArray {
  const parsed = CryptoJS.enc.Utf8.parse(key);
  if (parsed.sigBytes < DES_BLOCK_BYTES) {
    throw new Error("DES key must be at least 8 bytes");
  }
  return parsed;
}

/** DES-ECB + PKCS#7 of the UTF-8 text; returns Base64. */
export function desEncrypt(plaintext: string, key: string): string {
  return CryptoJS.DES.encrypt(plaintext, parseKey(key), {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.Pkcs7,
  }).toString();
}

/**
 * Inverse of desEncrypt. Throws on anything that is not a well-formed cipher text for this key.
 *
 * crypto-js's own Pkcs7 unpad trusts the last byte blindly, and its string input is parsed as
 * OpenSSL format (a "Salted__" prefix would be cut off). So we hand it the raw cipher words,
 * decrypt without padding and check the padding and the UTF-8 ourselves.
 */
export function desDecrypt(cipherBase64: string, key: string): string {
  const text = cipherBase64.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) {
    throw new Error("DES cipher text is not Base64");
  }
  const ciphertext = CryptoJS.enc.Base64.parse(text);
  if (ciphertext.sigBytes === 0 || ciphertext.sigBytes % DES_BLOCK_BYTES !== 0) {
    throw new Error("DES cipher text length is not a multiple of the block size");
  }
  const decrypted = CryptoJS.DES.decrypt(CryptoJS.lib.CipherParams.create({ ciphertext }), parseKey(key), {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.NoPadding,
  });
  const bytes = wordArrayToBytes(decrypted);
  const pad = bytes[bytes.length - 1];
  if (pad < 1 || pad > DES_BLOCK_BYTES || pad > bytes.length) {
    throw new Error("DES padding is invalid");
  }
  for (let i = bytes.length - pad; i < bytes.length; i++) {
    if (bytes[i] !== pad) throw new Error("DES padding is invalid");
  }
  // fatal: a wrong key almost always yields invalid UTF-8; report it instead of returning mojibake.
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, bytes.length - pad));
}

function wordArrayToBytes(words: CryptoJS.lib.WordArray): Uint8Array {
  const out = new Uint8Array(words.sigBytes);
  for (let i = 0; i < words.sigBytes; i++) {
    out[i] = (words.words[i >>> 2] >>> (24 - (i % 4) * 8)) & 0xff;
  }
  return out;
}

/**
 * Customer-service entries carry an encrypted `path`: unless it already is a URL (starts with
 * "http"), its last 8 characters are the DES key and everything before them is the Base64
 * cipher text.
 */
export function decryptCustomerServicePath(path: string): string {
  if (/^http/i.test(path)) return path;
  if (path.length <= DES_BLOCK_BYTES) {
    throw new Error("Customer-service path is too short to hold a key and a cipher text");
  }
  const key = path.slice(-DES_BLOCK_BYTES);
  return desDecrypt(path.slice(0, -DES_BLOCK_BYTES), key);
}
