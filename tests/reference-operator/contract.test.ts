/**
 * The contract between the portal's endpoint table (app/operator/endpoints.ts) and the
 * reference operator: every endpoint of the table is either served, answering the envelope
 * {success, value, message, errorCode} to a request made the way the portal's client makes it,
 * or listed in NOT_YET under the issue that will serve it, and then really not served (404).
 * When your issue serves an endpoint, this test fails until you take it out of NOT_YET.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRelayPrefixes } from "~/server/config.server";
import { encryptPayload } from "~/operator/encryption.server";
import { endpoints, resolvePath, type Endpoint, type EndpointName } from "~/operator/endpoints";
import { DEMO_ACCOUNTS, RELAY_SERVICE_RENAMES, startReferenceOperator, type ReferenceOperator } from "../../server/operator/index";

/** The query the portal always sends with these reads. */
const QUERY_OF: Partial<Record<EndpointName, string>> = {
  captcha: "?deviceId=contract-device",
  lotteryOpenedIssue: "?gameId=101",
  lottoOpenedIssue: "?gameCode=CQSSC",
  lotteryNearIssues: "?gameCode=CQSSC",
  vnLotteryOpened: "?gameCode=VNMB1",
};

/** Path parameters that must name something real to be answered. */
const PARAM_OF: Record<string, string> = { gameCode: "CQSSC" };

/** Endpoints of the table that later issues serve, by issue. */
const NOT_YET = {
  // #9: the content area serves announcements, help, the winner board, the jackpot and the script.
  "#10 member centre": ["memberAvatar", "securityConfig"],
  // #11: the contract list is the consolidated funds answer (no separate `contracts` call) and the
  // four actions are served, with their older MCS2 names (decision 031).
  // #12: the points mall is served (decision 033); pointTransactions since issue 10 (ODSFE2_MemTransDet).
  // #13: the lottery gateway is served with its clock, draws and launch (decision 034).
  // #26: the domain routes (decision 047) and chat (decision 048) are served.
  "later issue (site extras, slider captcha)": ["location", "countryCodes", "captchaGeetest"],
} satisfies Record<string, readonly string[]>;

/**
 * What the portal calls: every `call("…")` in app/, read from the source, so a call added
 * anywhere must be one the reference operator serves.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  );
}
const PORTAL_CALLS = [
  ...new Set(
    sourceFiles("app").flatMap((file) => [...readFileSync(file, "utf8").matchAll(/\bcall\(\s*"([A-Za-z0-9]+)"/g)].map((m) => m[1])),
  ),
].sort();

const notYet: [name: string, issue: string][] = Object.entries(NOT_YET).flatMap(([issue, names]) =>
  names.map((name): [string, string] => [name, issue]),
);
const notYetNames = new Set(notYet.map(([name]) => name));
const names = Object.keys(endpoints) as EndpointName[];
const served = names.filter((name) => !notYetNames.has(name));

interface Answer {
  /** Method and path as sent. */
  request: string;
  status: number;
  contentType: string;
  json: unknown;
}

/** Demo accounts that get a token from the password alone. */
const LOGIN_ACCOUNTS = DEMO_ACCOUNTS.filter((a) => a.twoFactor === "" && !a.passwordExpired);
let logins = 0;

/** A fresh token, from the demo accounts in turn (each call may end its session, as logout does). */
async function freshToken(op: ReferenceOperator): Promise<string> {
  const account = LOGIN_ACCOUNTS[logins++ % LOGIN_ACCOUNTS.length];
  const { body, encryption } = encryptPayload(
    { username: account.username, password: account.password, type: "username", deviceId: `contract-${logins}` },
    op.publicKeyHex,
  );
  const response = await fetch(`${op.url}/wps/session/login`, {
    method: "POST",
    headers: { Merchant: op.merchantCode, Device: "web", Language: "zh_CN", "Content-Type": "application/json", Encryption: encryption },
    body,
  });
  const json = (await response.json()) as { success: boolean; value: { token: string } };
  expect(json.success, `login of ${account.username}`).toBe(true);
  return json.value.token;
}

/** The request the portal's client (app/operator/client.server.ts) makes for an endpoint, with an empty payload. */
async function send(
  op: ReferenceOperator,
  e: Endpoint,
  token: string | null,
  relayPrefixes: Record<string, string> = {},
  query = "",
): Promise<Answer> {
  const params = Object.fromEntries([...(e.path ?? "").matchAll(/\{(\w+)\}/g)].map(([, key]) => [key, PARAM_OF[key] ?? "contract"]));
  const headers: Record<string, string> = { Merchant: op.merchantCode, Device: "web", Language: "zh_CN", Accept: "application/json" };
  if (e.token && token) headers.Authorization = token;
  let body: string | undefined;
  if (e.method !== "GET") {
    const payload: Record<string, unknown> = {};
    if (e.deviceId) payload.deviceId = "contract-device";
    if (e.registration) payload.registerMethod = "WEB";
    if (e.encrypted) {
      const encrypted = encryptPayload(payload, op.publicKeyHex);
      body = encrypted.body;
      headers["Content-Type"] = "application/json";
      headers.Encryption = encrypted.encryption;
    } else if (e.body === "form") {
      body = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString();
      headers["Content-Type"] = "application/x-www-form-urlencoded";
    } else {
      body = JSON.stringify(payload);
      headers["Content-Type"] = "application/json";
    }
  }
  const path = resolvePath(e, params, relayPrefixes);
  const response = await fetch(op.url + path + query, { method: e.method, headers, body });
  return {
    request: `${e.method} ${path}`,
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    json: await response.json(),
  };
}

/** Served, and answered in the envelope; not refused for how the request was made. */
function expectServed(name: string, e: Endpoint, answer: Answer) {
  const what = `${name} (${answer.request})`;
  expect(answer.status, what).not.toBe(404);
  expect(answer.status, what).not.toBe(405);
  expect(answer.status, what).toBeLessThan(500);
  expect(answer.contentType, what).toContain("application/json");
  const envelope = answer.json as Record<string, unknown>;
  expect(Object.keys(envelope).sort(), what).toEqual(["errorCode", "message", "success", "value"]);
  expect(typeof envelope.success, what).toBe("boolean");
  expect(typeof envelope.message, what).toBe("string");
  expect(typeof envelope.errorCode, what).toBe("string");
  // The portal's headers, token and encryption were accepted: any refusal is about the empty payload.
  const refusals = ["not.found", "method.not.allowed", "merchant.acct.setup.err", "encryption.invalid"];
  if (e.token) refusals.push("user.or.token.invalid");
  expect(refusals, `${what} answered ${String(envelope.errorCode)}`).not.toContain(envelope.errorCode);
  // A value the portal reads has the shape the endpoint declares (app/operator/answers.ts).
  if (envelope.success && e.answer) {
    const parsed = e.answer.safeParse(envelope.value);
    expect(
      parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`),
      `${what}: value of another shape`,
    ).toEqual([]);
  }
}

/** Every other name of a relay endpoint's service, as RELAY_PREFIXES would configure it. */
function renamesOf(e: Endpoint): Record<string, string>[] {
  const service = e.relay?.service;
  if (!service) return [];
  const group = RELAY_SERVICE_RENAMES.find((names) => names.includes(service)) ?? [];
  return group.filter((other) => other !== service).map((other) => parseRelayPrefixes(`${service}=${other}`));
}

describe("contract: the portal's endpoint table and the reference operator", () => {
  let op: ReferenceOperator;
  beforeAll(async () => {
    // One login per served endpoint with a token, across a few demo accounts: more than the
    // default 10 a minute per account once the table grows.
    op = await startReferenceOperator({ loginAttemptLimit: 10_000 });
  });
  afterAll(() => op.close());

  it("lists in NOT_YET only endpoints of the table, each once, and none that the portal calls today", () => {
    for (const [name, issue] of notYet)
      expect(Object.hasOwn(endpoints, name), `NOT_YET["${issue}"] names ${name}, which endpoints.ts does not have`).toBe(true);
    expect(notYet.length, "an endpoint listed twice in NOT_YET").toBe(notYetNames.size);
    expect(PORTAL_CALLS.length, "calls found in app/").toBeGreaterThan(40);
    for (const name of PORTAL_CALLS) {
      expect(Object.hasOwn(endpoints, name), name).toBe(true);
      expect(notYetNames.has(name), `the portal calls ${name}`).toBe(false);
    }
    expect(served.length + notYetNames.size).toBe(names.length);
  });

  it("checks the declared answer shape of every GET the portal reads (they succeed without a payload)", async () => {
    const checked = served.filter((name) => endpoints[name].method === "GET" && "answer" in endpoints[name] && endpoints[name].answer);
    expect(checked).toEqual(
      expect.arrayContaining(["settings", "whitelabel", "status", "memberInfo", "balance", "captcha", "registerSettings"]),
    );
    for (const name of checked) {
      const e: Endpoint = endpoints[name];
      // The captcha is issued per login device, and an issue is of a game: named in the query as the portal does.
      const answer = await send(op, e, e.token ? await freshToken(op) : null, {}, QUERY_OF[name] ?? "");
      expect((answer.json as { success: boolean }).success, name).toBe(true);
      expectServed(name, e, answer);
    }
  });

  it.each(served)("serves %s as the portal calls it", async (name) => {
    const e: Endpoint = endpoints[name];
    expectServed(name, e, await send(op, e, e.token ? await freshToken(op) : null));
    for (const prefixes of renamesOf(e)) expectServed(name, e, await send(op, e, e.token ? await freshToken(op) : null, prefixes));
  });

  it.each(notYet)("does not serve %s yet (%s)", async (name, issue) => {
    const e: Endpoint = endpoints[name as EndpointName];
    for (const prefixes of [{}, ...renamesOf(e)]) {
      const answer = await send(op, e, null, prefixes);
      const envelope = answer.json as Record<string, unknown>;
      const served = `${name} is served now: take it out of NOT_YET["${issue}"] in tests/reference-operator/contract.test.ts`;
      expect(answer.status, served).toBe(404);
      expect(envelope, served).toEqual({ success: false, value: null, message: "接口不存在", errorCode: "not.found" });
    }
  });
});

describe("contract: a relay endpoint over a RELAY_PREFIXES-renamed path", () => {
  const e: Endpoint = endpoints.balanceV2;
  let op: ReferenceOperator;
  beforeAll(async () => {
    op = await startReferenceOperator({ loginAttemptLimit: 10_000 });
  });
  afterAll(() => op.close());

  it("answers the envelope at the path the portal builds with MCSFE=MCS2", async () => {
    const prefixes = parseRelayPrefixes("MCSFE=MCS2");
    expect(resolvePath(e, {}, prefixes)).toBe("/wps/relay/MCS2_getBalanceV2");
    expect(renamesOf(e)).toEqual([prefixes]);
    for (const relayPrefixes of [{}, prefixes]) {
      const answer = await send(op, e, await freshToken(op), relayPrefixes);
      expectServed("balanceV2", e, answer);
      expect(answer.json).toMatchObject({ success: true, value: { wallets: expect.any(Array) } });
    }
  });
});
