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
    expect(sms.smsCodeLive("browser-1", "login", "13600000003")).toBe(true);
    expect(sms.smsCodeLive("browser-1", "login", "13600000004")).toBe(false);

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
    expect(sms.smsSecondsLeft("browser-1", "login", Date.now() + 121_000)).toBe(0);
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
    expect(sms.smsCodeLive("browser-3", "login")).toBe(false);
  });

  it("forgets a used code", async () => {
    await sms.requestSmsCode({
      deviceId: "browser-4",
      purpose: "register",
      mobile: "13600000888",
      send: async () => ({ expiredMinutes: 1 }),
    });
    expect(sms.smsSecondsLeft("browser-4", "register")).toBe(60);
    sms.forgetSmsCode("browser-4", "register");
    expect(sms.smsCodeLive("browser-4", "register")).toBe(false);
  });
});
