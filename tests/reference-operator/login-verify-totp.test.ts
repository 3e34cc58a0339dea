/** The authenticator method's one-time passwords against RFC 6238, Appendix B, and RFC 4226. */
import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, totp, totpForKey, verifyTotp } from "../../server/operator/session/totp";

const SEEDS = {
  sha1: Buffer.from("12345678901234567890", "ascii"),
  sha256: Buffer.from("12345678901234567890123456789012", "ascii"),
  sha512: Buffer.from("1234567890123456789012345678901234567890123456789012345678901234", "ascii"),
} as const;

// RFC 6238, Appendix B: time (s), then the 8-digit codes for SHA1, SHA256, SHA512.
const VECTORS: Array<[number, string, string, string]> = [
  [59, "94287082", "46119246", "90693936"],
  [1111111109, "07081804", "68084774", "25091201"],
  [1111111111, "14050471", "67062674", "99943326"],
  [1234567890, "89005924", "91819424", "93441116"],
  [2000000000, "69279037", "90698825", "38618901"],
  [20000000000, "65353130", "77737706", "47863826"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(VECTORS)("at %i s: SHA1 %s, SHA256 %s, SHA512 %s", (seconds, sha1, sha256, sha512) => {
    const at = seconds * 1000;
    expect(totpForKey(SEEDS.sha1, at, { digits: 8, algorithm: "sha1" })).toBe(sha1);
    expect(totpForKey(SEEDS.sha256, at, { digits: 8, algorithm: "sha256" })).toBe(sha256);
    expect(totpForKey(SEEDS.sha512, at, { digits: 8, algorithm: "sha512" })).toBe(sha512);
  });

  it("the 6-digit code of a Base32 secret is what authenticator apps show (the vector's last six digits)", () => {
    const secret = base32Encode(SEEDS.sha1);
    expect(secret).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    for (const [seconds, sha1] of VECTORS) expect(totp(secret, seconds * 1000)).toBe(sha1.slice(2));
  });

  it("HOTP matches RFC 4226, Appendix D", () => {
    const expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
    expected.forEach((code, counter) => expect(hotp(SEEDS.sha1, counter)).toBe(code));
  });

  it("Base32 ignores case, spaces and padding, and refuses other characters", () => {
    expect(base32Decode("jbsw y3dp ehpk 3pxp")).toEqual(base32Decode("JBSWY3DPEHPK3PXP"));
    expect(base32Decode("JBSWY3DPEHPK3PXP").toString("latin1")).toBe("Hello!\xde\xad\xbe\xef");
    expect(base32Decode("MZXW6===").toString()).toBe("foo");
    expect(() => base32Decode("JBSW1")).toThrow();
  });

  it("accepts the current step and one either side, answering the step; refuses two steps off and malformed codes", () => {
    const secret = "JBSWY3DPEHPK3PXP";
    const now = 1_700_000_015_000; // inside step 56666667
    const step = Math.floor(now / 30_000);
    expect(verifyTotp(secret, totp(secret, now), now)).toBe(step);
    expect(verifyTotp(secret, totp(secret, now - 30_000), now)).toBe(step - 1);
    expect(verifyTotp(secret, totp(secret, now + 30_000), now)).toBe(step + 1);
    expect(verifyTotp(secret, totp(secret, now - 60_000), now)).toBeNull();
    expect(verifyTotp(secret, totp(secret, now + 60_000), now)).toBeNull();
    expect(verifyTotp(secret, "12345", now)).toBeNull();
    expect(verifyTotp(secret, "abcdef", now)).toBeNull();
    expect(verifyTotp("not base32!", "123456", now)).toBeNull();
  });
});
