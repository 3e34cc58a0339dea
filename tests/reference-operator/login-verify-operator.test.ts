/**
 * The reference operator's second factor (POST /wps/session/login/verification and the SMS
 * code of the S method), and the portal's memory of a pending login.
 */
import { createSession } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptPayload } from "~/operator/encryption.server";
import {
  endPendingLogin,
  holdPendingLogin,
  MAX_WRONG_FACTORS,
  PENDING_LOGIN_TTL_MS,
  pendingLoginOf,
  recordWrongFactor,
} from "~/features/auth/pending-login.server";
import type { PortalSession } from "~/server/session.server";
import { startReferenceOperator, type ReferenceOperator } from "../../server/operator/index";
import { totp } from "../../server/operator/session/totp";

let op: ReferenceOperator;
const SECRET = "JBSWY3DPEHPK3PXP";

beforeAll(async () => {
  op = await startReferenceOperator({ mode: "test" });
  const res = await fetch(`${op.url}/__reference/members`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "opverify1", password: "OpVerify1", twoFactor: "GS", totpSecret: SECRET, mobile: "15900001111" }),
  });
  expect((await res.json()).success).toBe(true);
});

afterAll(async () => {
  await op.close();
});

async function post(path: string, payload: Record<string, unknown>) {
  const { body, encryption } = encryptPayload({ deviceId: "dev-opverify", ...payload }, op.publicKeyHex);
  const res = await fetch(op.url + path, {
    method: "POST",
    headers: { Merchant: "demo", Device: "web", Language: "EN", "Content-Type": "application/json", Encryption: encryption },
    body,
  });
  return (await res.json()) as { success: boolean; value: any; message: string; errorCode: string };
}

const verification = (payload: Record<string, unknown>) =>
  post("/wps/session/login/verification", { username: "opverify1", password: "OpVerify1", ...payload });

const smsCodes = async (mobile: string) => (await (await fetch(`${op.url}/__reference/codes?mobile=${mobile}`)).json()).value.sms;

describe("reference operator: login verification", () => {
  it("re-checks the password, then the method", async () => {
    const badPassword = await verification({ password: "Wrong1234", method: "G", authCode: totp(SECRET, Date.now()) });
    expect(badPassword.errorCode).toBe("login.password.incorrect");
    const notOffered = await verification({ method: "E", email: "x@example.com" });
    expect(notOffered.errorCode).toBe("login.verify.method.invalid");
    expect(notOffered.message).toBe("This verification method is not available for the account");
  });

  it("G: a right code answers like a login; the same code is not accepted twice", async () => {
    const code = totp(SECRET, Date.now());
    const first = await verification({ method: "G", authCode: code });
    expect(first.success).toBe(true);
    expect(first.value).toMatchObject({ firstTimeLogin: true, passwordExpired: false });
    expect(first.value.token).toMatch(/^[0-9a-f]{32,}$/);
    const replay = await verification({ method: "G", authCode: code });
    expect(replay.errorCode).toBe("login.verify.code.invalid");
  });

  it("S: the code goes only to the member's number, asked for with the password; the answer does not tell", async () => {
    const wrongPassword = await post("/wps/verification/sms/loginVerification", {
      username: "opverify1",
      password: "Nope12345",
      mobileNum: "15900001111",
    });
    expect(wrongPassword.errorCode).toBe("login.password.incorrect");
    expect(await smsCodes("15900001111")).toEqual([]);

    const other = await post("/wps/verification/sms/loginVerification", {
      username: "opverify1",
      password: "OpVerify1",
      mobileNum: "15900002222",
    });
    expect(other.success).toBe(true);
    expect(other.value.expiredMinutes).toBe(2);
    expect(await smsCodes("15900002222")).toEqual([]);

    const own = await post("/wps/verification/sms/loginVerification", {
      username: "opverify1",
      password: "OpVerify1",
      mobileNum: "15900001111",
    });
    expect(own.success).toBe(true);
    expect(Object.keys(own.value).sort()).toEqual(Object.keys(other.value).sort());
    const [sms] = await smsCodes("15900001111");
    expect(sms).toMatchObject({ purpose: "verify", mobile: "15900001111" });

    const wrongNumber = await verification({ method: "S", mobileNum: "15900002222", verificationCode: sms.code });
    expect(wrongNumber.errorCode).toBe("login.verify.sms.invalid");
    const ok = await verification({ method: "S", mobileNum: "15900001111", verificationCode: sms.code });
    expect(ok.success).toBe(true);
    // Single use.
    const again = await verification({ method: "S", mobileNum: "15900001111", verificationCode: sms.code });
    expect(again.errorCode).toBe("login.verify.sms.invalid");
  });
});

describe("the portal's pending login", () => {
  const session = (username = "someone1") => {
    const s = createSession({ pendingVerification: { username, methods: ["G"] } }) as unknown as PortalSession;
    return s;
  };

  it("keeps the password in memory only, behind a ticket in the session", async () => {
    const s = session();
    await holdPendingLogin(s, { password: "Secret123", remember: true });
    const stored = s.get("pendingVerification")!;
    expect(stored.ticket).toMatch(/^[\w-]{32}$/);
    expect(JSON.stringify(s.data)).not.toContain("Secret123");
    expect(await pendingLoginOf(s)).toMatchObject({ username: "someone1", password: "Secret123", remember: true, methods: ["G"] });
    await endPendingLogin(s);
    expect(s.get("pendingVerification")).toBeUndefined();
  });

  it("runs out after five minutes", async () => {
    const s = session();
    const t0 = Date.now();
    await holdPendingLogin(s, { password: "Secret123", remember: false }, t0);
    expect(await pendingLoginOf(s, t0 + PENDING_LOGIN_TTL_MS - 1)).not.toBeNull();
    expect(await pendingLoginOf(s, t0 + PENDING_LOGIN_TTL_MS)).toBeNull();
    expect(await pendingLoginOf(s, t0)).toBeNull(); // forgotten, not just hidden
  });

  it(`ends at the ${MAX_WRONG_FACTORS}th wrong factor`, async () => {
    const s = session();
    await holdPendingLogin(s, { password: "Secret123", remember: false });
    const { ticket } = (await pendingLoginOf(s))!;
    for (let i = 1; i < MAX_WRONG_FACTORS; i++) expect(await recordWrongFactor(ticket)).toBe(true);
    expect(await recordWrongFactor(ticket)).toBe(false);
    expect(await pendingLoginOf(s)).toBeNull();
  });

  it("a new login replaces the previous pending one; a ticket is not valid for another username", async () => {
    const s = session();
    await holdPendingLogin(s, { password: "First1234", remember: false });
    const first = s.get("pendingVerification")!.ticket!;
    await holdPendingLogin(s, { password: "Second123", remember: false });
    expect((await pendingLoginOf(s))?.password).toBe("Second123");
    expect(await recordWrongFactor(first)).toBe(false);
    s.set("pendingVerification", { ...s.get("pendingVerification")!, username: "intruder1" });
    expect(await pendingLoginOf(s)).toBeNull();
  });
});
