/**
 * SMS codes end to end: the reference operator sends (and blocks resends for 120 s), the
 * portal's requestSmsCode keeps its own per-browser block and turns the operator's
 * "too frequent" answer into seconds left. Also the test helpers other journeys rely on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { startPortalEnv } from "../support/portal";

let op: ReferenceOperator;
let sms: typeof import("~/features/auth/sms.server");
let operatorModule: typeof import("~/operator/operator.server");
let OperatorError: typeof import("~/operator/errors").OperatorError;

beforeAll(async () => {
  op = await startPortalEnv();
  sms = await import("~/features/auth/sms.server");
  operatorModule = await import("~/operator/operator.server");
  ({ OperatorError } = await import("~/operator/errors"));
});
afterAll(() => op.close());

const post = async (path: string, body: unknown, headers: Record<string, string> = { Merchant: "demo" }) => {
  const response = await fetch(op.url + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { success: boolean; value: any; errorCode: string } };
};

async function member(mobile: string) {
  const username = `sms${mobile.slice(-6)}`;
  const { json } = await post("/__reference/members", { username, password: "Sms12345", mobile });
  expect(json.success).toBe(true);
  return username;
}

describe("reference operator SMS routes", () => {
  it("sends a login code to a member's number, visible at /__reference/codes, and blocks a resend for 120 s", async () => {
    await member("13600000001");
    const first = await post("/wps/verification/sms/noLogin", { mobileNum: "13600000001", countryDialingCode: "86", deviceId: "dev-a" });
    expect(first.json.success).toBe(true);
    expect(first.json.value.expiredMinutes).toBe(2);
    const codes = await fetch(`${op.url}/__reference/codes?mobile=13600000001`).then((r) => r.json());
    expect(codes.value.sms).toHaveLength(1);
    expect(codes.value.sms[0]).toMatchObject({ purpose: "login", mobile: "13600000001" });
    expect(codes.value.sms[0].code).toMatch(/^\d{6}$/);

    const again = await post("/wps/verification/sms/noLogin", { mobileNum: "13600000001", deviceId: "dev-a" });
    expect(again.json.success).toBe(false);
    expect(again.json.errorCode).toBe("sms.too.frequent");
    expect(again.json.value.retryAfterSeconds).toBeGreaterThan(100);
    expect(again.json.value.retryAfterSeconds).toBeLessThanOrEqual(120);
  });

  it("answers an unknown number the same way but sends nothing", async () => {
    const { json } = await post("/wps/verification/sms/noLogin", { mobileNum: "13600009999" });
    expect(json.success).toBe(true);
    const codes = await fetch(`${op.url}/__reference/codes?mobile=13600009999`).then((r) => r.json());
    expect(codes.value.sms).toEqual([]);
  });

  it("refuses malformed numbers and country codes", async () => {
    for (const body of [{ mobileNum: "12345" }, { mobileNum: "13600000001x" }, { mobileNum: "13600000001", countryDialingCode: "8686" }]) {
      const { json } = await post("/wps/verification/sms/noLogin", body);
      expect(json.errorCode).toBe("mobile.invalid");
    }
  });

  it("refuses a registration code for a number already registered", async () => {
    const { json } = await post("/wps/verification/sms/register", { mobileNo: "13800138000" });
    expect(json.errorCode).toBe("mobile.registered");
    const fresh = await post("/wps/verification/sms/register", { mobileNo: "13600000777" });
    expect(fresh.json.success).toBe(true);
  });

  it("lets tests flip whitelabel switches and refuses non-boolean values", async () => {
    const off = await post("/__reference/features", { features: { FREEPLAY3: false } });
    expect(off.json.value.FREEPLAY3).toBe(false);
    const bad = await post("/__reference/features", { features: { FREEPLAY3: "no" } });
    expect(bad.status).toBe(400);
    await post("/__reference/features", { features: { FREEPLAY3: true } });
  });

  it("refuses a second member of the same name", async () => {
    await member("13600000002");
    const { status } = await post("/__reference/members", { username: "sms000002", password: "x12345" });
    expect(status).toBe(409);
  });
});

describe("requestSmsCode (portal)", () => {
  const send = (mobile: string, deviceId: string) => () =>
    operatorModule
      .operatorClient()
      .call("smsCodeLogin", { language: "EN", deviceId }, { body: { mobileNum: mobile, countryDialingCode: "" } });

  it("sends, then refuses a resend from the same browser without calling the operator", async () => {
    await member("13600000003");
    const first = await sms.requestSmsCode({
      deviceId: "browser-1",
      purpose: "login",
      mobile: "13600000003",
      send: send("13600000003", "browser-1"),
    });
    expect(first).toEqual({ status: "sent", secondsLeft: 120 });
    expect(await sms.smsCodeLive("browser-1", "login", "13600000003")).toBe(true);
    expect(await sms.smsCodeLive("browser-1", "login", "13600000004")).toBe(false);

    let called = false;
    const second = await sms.requestSmsCode({
      deviceId: "browser-1",
      purpose: "login",
      mobile: "13600000003",
      send: async () => {
        called = true;
        return { expiredMinutes: 2 };
      },
      now: () => Date.now() + 30_000,
    });
    expect(called).toBe(false);
    expect(second.status).toBe("wait");
    expect(second.status === "wait" && second.secondsLeft).toBe(90);
    expect(await sms.smsSecondsLeft("browser-1", "login", Date.now() + 121_000)).toBe(0);
  });

  it("takes the wait from the operator when another browser asked for the same number", async () => {
    const result = await sms.requestSmsCode({
      deviceId: "browser-2",
      purpose: "login",
      mobile: "13600000003",
      send: send("13600000003", "browser-2"),
    });
    expect(result.status).toBe("wait");
    expect(result.status === "wait" && result.secondsLeft).toBeGreaterThan(100);
  });

  it("passes other operator failures back", async () => {
    const result = await sms.requestSmsCode({ deviceId: "browser-3", purpose: "login", mobile: "1", send: send("1", "browser-3") });
    expect(result.status).toBe("failed");
    expect(result.status === "failed" && result.error).toBeInstanceOf(OperatorError);
    expect(await sms.smsCodeLive("browser-3", "login")).toBe(false);
  });

  it("forgets a used code", async () => {
    await sms.requestSmsCode({
      deviceId: "browser-4",
      purpose: "register",
      mobile: "13600000888",
      send: async () => ({ expiredMinutes: 1 }),
    });
    expect(await sms.smsSecondsLeft("browser-4", "register")).toBe(60);
    await sms.forgetSmsCode("browser-4", "register");
    expect(await sms.smsCodeLive("browser-4", "register")).toBe(false);
  });
});

describe("a mistyped code (issue 23: one typo locked the player out for two minutes)", () => {
  it("the reference operator keeps a code through four wrong entries, uses it up at the fifth, and lets a code be asked for again at once", async () => {
    const { openOperatorDb } = await import("../../server/operator/db");
    const { AREAS } = await import("../../server/operator/areas");
    const store = await import("../../server/operator/sms/store");
    const db = openOperatorDb(":memory:", AREAS);
    const t0 = Date.UTC(2026, 10, 26, 4, 0, 0);
    const args = (now: number) => ({
      mobile: "13600000555",
      purpose: "login",
      deviceId: null,
      ttlMs: 120_000,
      resendAfterMs: 120_000,
      now,
    });
    const first = store.issueSmsCode(db, args(t0));
    if (!("code" in first)) throw new Error("no code sent");
    const wrong = first.code === "000000" ? "111111" : "000000";
    // An untouched code still holds back the next one.
    expect(store.issueSmsCode(db, args(t0 + 1_000))).toEqual({ retryAfterS: 119 });

    expect(store.consumeSmsCode(db, "13600000555", "login", wrong, t0 + 4_000)).toBe(false);
    // The code survives the typo: the right one still logs in.
    expect(store.smsCodesForMobile(db, "13600000555", t0 + 4_000)).toHaveLength(1);
    for (let i = 2; i <= 4; i++) expect(store.consumeSmsCode(db, "13600000555", "login", wrong, t0 + 4_000 + i)).toBe(false);
    expect(store.smsCodesForMobile(db, "13600000555", t0 + 5_000)).toHaveLength(1);
    expect(store.consumeSmsCode(db, "13600000555", "login", first.code, t0 + 5_000)).toBe(true);
    // Used up by the right entry: it counts as a login's first factor.
    expect(store.smsCodeUsedSince(db, "13600000555", "login", first.code, t0)).toBe(true);

    // A second code, five typos: used up, even the right entry is refused now.
    const second = store.issueSmsCode(db, args(t0 + 6_000));
    if (!("code" in second)) throw new Error("a used code held back the next one");
    const wrong2 = second.code === "000000" ? "111111" : "000000";
    for (let i = 1; i <= store.SMS_CODE_TRIES; i++) store.consumeSmsCode(db, "13600000555", "login", wrong2, t0 + 6_000 + i);
    expect(store.smsCodesForMobile(db, "13600000555", t0 + 7_000)).toEqual([]);
    expect(store.consumeSmsCode(db, "13600000555", "login", second.code, t0 + 7_000)).toBe(false);
    expect(store.smsCodeUsedSince(db, "13600000555", "login", second.code, t0)).toBe(false);

    // One typo is enough to ask again before the two minutes are out.
    const third = store.issueSmsCode(db, args(t0 + 8_000));
    if (!("code" in third)) throw new Error("no code sent");
    expect(store.consumeSmsCode(db, "13600000555", "login", third.code === "000000" ? "111111" : "000000", t0 + 9_000)).toBe(false);
    expect("code" in store.issueSmsCode(db, args(t0 + 10_000))).toBe(true);
    db.close();
  });

  it("the portal releases its resend block when a code is refused; the code itself lives on to its end", async () => {
    const t0 = Date.now();
    await sms.requestSmsCode({
      deviceId: "browser-5",
      purpose: "verify",
      mobile: "13600000666",
      send: async () => ({ expiredMinutes: 2 }),
      now: () => t0,
    });
    expect(await sms.smsSecondsLeft("browser-5", "verify", t0 + 4_000)).toBe(116);
    await sms.releaseSmsResend("browser-5", "verify", t0 + 4_000);
    expect(await sms.smsSecondsLeft("browser-5", "verify", t0 + 4_000)).toBe(0);
    expect(await sms.smsCodeLive("browser-5", "verify", "13600000666", t0 + 60_000)).toBe(true);
    expect(await sms.smsCodeLive("browser-5", "verify", "13600000666", t0 + 121_000)).toBe(false);

    // A new code starts a new block.
    const again = await sms.requestSmsCode({
      deviceId: "browser-5",
      purpose: "verify",
      mobile: "13600000666",
      send: async () => ({ expiredMinutes: 2 }),
      now: () => t0 + 5_000,
    });
    expect(again).toEqual({ status: "sent", secondsLeft: 120 });
    expect(await sms.smsSecondsLeft("browser-5", "verify", t0 + 6_000)).toBe(119);
  });
});
