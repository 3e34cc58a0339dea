/**
 * The legacy payload cipher: DES-ECB/PKCS#7 via crypto-js (fixed vectors, cross-checked with
 * `openssl enc -des-ecb -provider legacy`), the portal's RSA envelope, and the operator's
 * PKCS#1 v1.5 padding check.
 */
import { constants, generateKeyPairSync, privateDecrypt, publicEncrypt, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptCustomerServicePath, desDecrypt, desEncrypt } from "~/lib/des";
import { encryptPayload, publicKeyFromHexModulus, randomKey16 } from "~/operator/encryption.server";
import { keyPairFromPem, rsaDecryptPkcs1, stripPkcs1v15Type2 } from "../../server/operator/crypto";

describe("desEncrypt / desDecrypt", () => {
  it("produces the crypto-js / OpenSSL DES-ECB PKCS#7 output (fixed vectors)", () => {
    expect(desEncrypt("hello", "abcdefgh")).toBe("SPjdrAgKBpg=");
    expect(desEncrypt("", "abcdefgh")).toBe("JBvJHl5Vs9Y=");
    expect(desEncrypt("你好, world", "K3y9Xz7Q")).toBe("6yqzao1jBdU6c9caeSGiQw==");
    // DES uses only the first 8 bytes of a 16-character key.
    const json = '{"username":"player01","password":"Player123"}';
    const expected = "7P4rlK11mUrh63lbDJfm2Xi8ii8T7s/OQC/aDN54MnNDh7J2xyLwPXhVAttte0d8";
    expect(desEncrypt(json, "abcdefgh12345678")).toBe(expected);
    expect(desEncrypt(json, "abcdefghZZZZZZZZ")).toBe(expected);
  });

  it("decrypts the fixed vectors", () => {
    expect(desDecrypt("SPjdrAgKBpg=", "abcdefgh")).toBe("hello");
    expect(desDecrypt("JBvJHl5Vs9Y=", "abcdefgh")).toBe("");
    expect(desDecrypt("6yqzao1jBdU6c9caeSGiQw==", "K3y9Xz7Q")).toBe("你好, world");
  });

  it("round-trips arbitrary text", () => {
    for (const text of ["x", "12345678", "exactly sixteen!", JSON.stringify({ a: [1, 2, 3], b: "ü€😀" }), "z".repeat(1000)]) {
      const key = randomKey16();
      expect(desDecrypt(desEncrypt(text, key), key)).toBe(text);
    }
  });

  it("rejects malformed cipher text and short keys", () => {
    expect(() => desDecrypt("not base64!", "abcdefgh")).toThrow();
    expect(() => desDecrypt("SPjdrAgK", "abcdefgh")).toThrow(); // 6 bytes: not a whole block
    expect(() => desDecrypt("", "abcdefgh")).toThrow();
    expect(() => desDecrypt("SPjdrAgKBpg=", "wrongkey")).toThrow(); // bad padding or UTF-8 under the wrong key
    expect(() => desEncrypt("hello", "short")).toThrow();
  });
});

describe("decryptCustomerServicePath", () => {
  it("passes URLs through", () => {
    expect(decryptCustomerServicePath("https://chat.example.com/x")).toBe("https://chat.example.com/x");
    expect(decryptCustomerServicePath("http://chat.example.com")).toBe("http://chat.example.com");
  });

  it("decrypts cipher text whose last 8 characters are the key", () => {
    const path = "VD3d2EebjYGyirEXMT+NdLVcz2B0cIePULRnOclZu00V7S7RIq0gjg==CsKey123";
    expect(decryptCustomerServicePath(path)).toBe("https://chat.example.com/widget?id=42");
    const own = desEncrypt("livechat://room/7", "Ab12Cd34") + "Ab12Cd34";
    expect(decryptCustomerServicePath(own)).toBe("livechat://room/7");
  });
});

describe("portal RSA envelope (encryptPayload)", () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048, publicExponent: 65537 });
  const keys = keyPairFromPem(privateKey.export({ format: "pem", type: "pkcs8" }).toString());

  it("randomKey16 gives 16 alphanumeric characters, different each time", () => {
    const a = randomKey16();
    expect(a).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(new Set(Array.from({ length: 20 }, randomKey16)).size).toBe(20);
  });

  it("builds the same public key from the hex modulus, cached per hex", () => {
    const fromHex = publicKeyFromHexModulus(keys.publicKeyHex);
    expect(fromHex.export({ format: "jwk" })).toEqual(publicKey.export({ format: "jwk" }));
    expect(publicKeyFromHexModulus(keys.publicKeyHex)).toBe(fromHex);
    expect(keys.publicKeyHex).toMatch(/^[0-9a-f]{512}$/);
    expect(() => publicKeyFromHexModulus("xyz")).toThrow();
  });

  it("encrypts the reversed key with RSA PKCS#1 v1.5 and the JSON payload with DES", () => {
    const payload = { username: "player01", password: "Player123", type: "username", deviceId: "d-1" };
    const { body, encryption } = encryptPayload(payload, keys.publicKeyHex);
    const reversedKey = rsaDecryptPkcs1(keys, Buffer.from(encryption, "base64")).toString("utf8");
    expect(reversedKey).toMatch(/^[0-9A-Za-z]{16}$/);
    const key = reversedKey.split("").reverse().join("");
    expect(JSON.parse(desDecrypt(body, key))).toEqual(payload);
    // The body is the plain Base64 text, not JSON.
    expect(body).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  });
});

describe("PKCS#1 v1.5 padding strip (operator side)", () => {
  const block = (bytes: number[], fill = 0x5a) => {
    const em = Buffer.alloc(256, fill);
    bytes.forEach((b, i) => (em[i] = b));
    return em;
  };

  it("accepts a well-formed block and returns the message", () => {
    const em = block([0x00, 0x02]);
    em[200] = 0x00;
    em.write("hello", 201);
    expect(stripPkcs1v15Type2(em).subarray(0, 5).toString()).toBe("hello");
    expect(stripPkcs1v15Type2(em).length).toBe(55);
  });

  it("rejects garbage", () => {
    const wrongStart = block([0x01, 0x02, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x00]);
    const wrongType = block([0x00, 0x01, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x00]);
    const noSeparator = block([0x00, 0x02]);
    const shortPadding = block([0x00, 0x02, 0x11, 0x11, 0x11, 0x00]); // PS of 3 bytes < 8
    expect(() => stripPkcs1v15Type2(wrongStart)).toThrow();
    expect(() => stripPkcs1v15Type2(wrongType)).toThrow();
    expect(() => stripPkcs1v15Type2(noSeparator)).toThrow();
    expect(() => stripPkcs1v15Type2(shortPadding)).toThrow();
    expect(() => stripPkcs1v15Type2(Buffer.alloc(5))).toThrow();
    expect(() => stripPkcs1v15Type2(block([0x00, 0x02]), 128)).toThrow(); // wrong length for the key
    let rejected = 0;
    for (let i = 0; i < 50; i++) {
      const random = randomBytes(256);
      random[0] = 0xff; // anything not starting with 00 02
      try {
        stripPkcs1v15Type2(random);
      } catch {
        rejected++;
      }
    }
    expect(rejected).toBe(50);
  });

  it("decrypts what Node's own PKCS#1 v1.5 public encryption produced", () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const keys = keyPairFromPem(privateKey.export({ format: "pem", type: "pkcs8" }).toString());
    const cipher = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from("8765432187654321"));
    expect(rsaDecryptPkcs1(keys, cipher).toString()).toBe("8765432187654321");
    // Raw (unpadded) RSA of garbage decrypts to a block whose padding is rejected.
    const raw = randomBytes(256);
    raw[0] = 0x00; // below the modulus
    raw[1] = 0x03; // never a valid block type (random bytes could be 0x02 by chance)
    const garbage = publicEncrypt({ key: publicKey, padding: constants.RSA_NO_PADDING }, raw);
    expect(() => rsaDecryptPkcs1(keys, garbage)).toThrow();
    // And the reason we do this by hand: Node 20 refuses PKCS#1 v1.5 private decryption.
    expect(() => privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, cipher)).toThrow();
  });
});
