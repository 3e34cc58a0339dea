/** The operator client against the real reference operator on a random port. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceOperator, type ReferenceOperator } from "../../server/operator/index";
import { OperatorClient, type CallContext } from "~/operator/client.server";
import { OperatorError } from "~/operator/errors";

/** The error of a call that must fail. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e as OperatorError,
  );

let operator: ReferenceOperator;
let client: OperatorClient;
const guest: CallContext = { language: "CN", clientKey: "g", deviceId: "0f8fad5b-d9cb-469f-a165-70867728950e" };

beforeAll(async () => {
  operator = await startReferenceOperator({ mode: "test" });
  client = new OperatorClient({ baseUrl: operator.url, merchantCode: operator.merchantCode, publicKeyHex: operator.publicKeyHex });
});
afterAll(() => operator.close());

async function loginAs(username: string, password: string) {
  return client.call("login", guest, {
    body: { username, password, captcha: "", type: "username" },
  });
}

describe("legacy encryption round trip", () => {
  it("logs in through the encrypted call and reads member info and balance with the token", async () => {
    const { token } = await loginAs("player01", "Player123");
    expect(token).toBeTruthy();
    const player = { ...guest, token, clientKey: "p" };
    const [info, balance] = await Promise.all([client.call("memberInfo", player), client.call("balance", player)]);
    expect(info).toMatchObject({ account: "player01", type: 0 });
    expect(balance.sumBalance).toBe("12345.6789");
  });

  it("a wrong password comes back as a typed failure with the operator's code", async () => {
    const error = await failure(loginAs("agent001", "Wrong12345"));
    expect(error).toBeInstanceOf(OperatorError);
    expect(error).toMatchObject({ kind: "failure", code: "login.password.incorrect" });
    await loginAs("agent001", "Agent1234"); // resets the failure count
  });

  it("a second factor comes back to the route as verify-required with the methods", async () => {
    const error = await failure(loginAs("secure01", "Secure123"));
    expect(error.kind).toBe("verify-required");
    expect(error.value).toEqual(["G"]);
  });

  it("an expired token ends the session", async () => {
    const { token } = await loginAs("expired01", "Expired123");
    operator.expireTokens();
    const error = await failure(client.call("memberInfo", { ...guest, token }));
    expect(error.kind).toBe("session-ended");
  });
});

describe("upstream traffic", () => {
  it("coalesces identical GETs into one upstream call", async () => {
    operator.setDelay(30);
    operator.resetCalls();
    await Promise.all(Array.from({ length: 5 }, () => client.call("status", guest)));
    expect(operator.calls.filter((c) => c.path === "/wps/system/status")).toHaveLength(1);
    operator.setDelay(0);
  });

  it("never has more than 6 calls of one player in flight", async () => {
    operator.setDelay(25);
    operator.resetCalls();
    await Promise.all(Array.from({ length: 14 }, (_, i) => client.call("captcha", guest, { query: { deviceId: `dev-${i}` } })));
    expect(operator.calls).toHaveLength(14);
    expect(operator.maxInFlight).toBe(6);
    operator.setDelay(0);
  });

  it("serves settings from the cache after the first call", async () => {
    const fresh = new OperatorClient({ baseUrl: operator.url, merchantCode: operator.merchantCode });
    operator.resetCalls();
    await fresh.call("settings", guest);
    await fresh.call("settings", { ...guest, clientKey: "someone-else" });
    await fresh.call("whitelabel", guest);
    await fresh.call("whitelabel", guest);
    expect(operator.calls.map((c) => c.path)).toEqual(["/wps/system/settings/consolidated", "/wps/system/whitelabel"]);
  });

  it("a wrong merchant code is a silent failure", async () => {
    const wrong = new OperatorClient({ baseUrl: operator.url, merchantCode: "nobody" });
    const error = await failure(wrong.call("status", guest));
    expect(error).toMatchObject({ kind: "silent", code: "merchant.acct.setup.err" });
  });

  it("an operator that is down gives the retry text", async () => {
    const down = new OperatorClient({ baseUrl: "http://127.0.0.1:9", merchantCode: "demo" });
    const error = await failure(down.call("status", guest));
    expect(error.kind).toBe("unreachable");
  });
});
