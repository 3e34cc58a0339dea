/**
 * The relay dispatcher: operations registered by the service and operation names of the
 * portal's endpoint table are served at the path the portal's resolvePath builds, under any
 * name of a renamed service (RELAY_PREFIXES), with the access and body kind they declare. The
 * test registers its own operations, taken from the table, and echoes what they receive.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRelayPrefixes } from "~/server/config.server";
import { encryptPayload } from "~/operator/encryption.server";
import { endpoints, resolvePath, type Endpoint } from "~/operator/endpoints";
import { AREAS, ok, startReferenceOperator, type OperatorArea, type ReferenceOperator, type RelayDef } from "../../server/operator/index";
import { RelayDispatcher } from "../../server/operator/relay";

interface Envelope {
  success: boolean;
  value: any;
  message: string;
  errorCode: string;
}

/** A relay registration as an area writes one for an endpoint of the table; the handler echoes what it got. */
function relayFor(e: Endpoint): RelayDef {
  if (!e.relay) throw new Error("not a relay endpoint");
  return {
    service: e.relay.service,
    operation: e.relay.operation,
    passwordCheck: e.relay.passwordCheck,
    method: e.method,
    access: e.token ? "session" : "merchant",
    body: e.encrypted ? "encrypted" : "json",
    handler(ctx) {
      return ok({ operation: e.relay!.operation, body: ctx.body ?? null, account: ctx.session?.member.username ?? null });
    },
  };
}

const probe: OperatorArea = {
  name: "relay-probe",
  relays: [
    endpoints.balanceV2,
    endpoints.promotionClaimList,
    endpoints.redeemReward,
    endpoints.favouriteRemove,
    endpoints.announcements,
  ].map(relayFor),
};

describe("relay dispatcher: lookup", () => {
  const dispatcher = new RelayDispatcher(probe.relays!);

  it("finds an operation under the name it was registered with and under every rename of its service", () => {
    expect(dispatcher.match("/wps/relay/MCSFE_getBalanceV2")?.path).toBe("/wps/relay/MCSFE_getBalanceV2");
    expect(dispatcher.match("/wps/relay/MCS2_getBalanceV2")?.path).toBe("/wps/relay/MCSFE_getBalanceV2");
    // The table itself names this one MCS2_: the MCSFE_ spelling reaches it too.
    expect(dispatcher.match("/wps/relay/MCSFE_getPromotionClaimList")?.path).toBe("/wps/relay/MCS2_getPromotionClaimList");
    expect(dispatcher.match("/wps/relay/passwordCheck/MCS2_redeemPointReward")?.method).toBe("POST");
    expect(dispatcher.match("/wps/relay/MCS2_removeFavoriteGameV2")?.method).toBe("DELETE");
  });

  it("keeps password-checked operations and plain ones apart, and knows nothing else", () => {
    expect(dispatcher.match("/wps/relay/MCSFE_redeemPointReward")).toBeNull();
    expect(dispatcher.match("/wps/relay/passwordCheck/MCSFE_getBalanceV2")).toBeNull();
    for (const path of [
      "/wps/relay/MCSFE_getBalance",
      "/wps/relay/PROMOFE_getBalanceV2",
      "/wps/relay/MCSFE",
      "/wps/relay/",
      "/wps/relay/MCSFE_getBalanceV2/extra",
      "/wps/relay/mcsfe_getBalanceV2",
    ]) {
      expect(dispatcher.match(path), path).toBeNull();
    }
  });

  it("refuses one operation registered twice, also under two names of one service", () => {
    const twice = (service: string): RelayDef => ({ ...relayFor(endpoints.balanceV2), service });
    expect(() => new RelayDispatcher([twice("MCSFE"), twice("MCS2")])).toThrow(/registered twice/);
    // The password-checked variant of a name is another operation.
    expect(() => new RelayDispatcher([twice("MCSFE"), { ...twice("MCSFE"), passwordCheck: true }])).not.toThrow();
  });

  it("refuses, at start, a plain route under /wps/relay/ and a route declared twice", async () => {
    const plain: OperatorArea = {
      name: "bad",
      routes: [{ method: "POST", path: "/wps/relay/MCSFE_getBalanceV2", access: "merchant", handler: () => ok() }],
    };
    await expect(startReferenceOperator({ areas: [...AREAS, plain] })).rejects.toThrow(/relay operation/);
    const again: OperatorArea = {
      name: "again",
      routes: [{ method: "GET", path: "/wps/system/status", access: "merchant", handler: () => ok() }],
    };
    await expect(startReferenceOperator({ areas: [...AREAS, again] })).rejects.toThrow(/declared twice/);
  });
});

describe("relay dispatcher: served over HTTP", () => {
  let op: ReferenceOperator;
  let token: string;

  async function call(path: string, init: { method?: string; body?: string; token?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = {
      Merchant: op.merchantCode,
      Device: "web",
      Language: "EN",
      Accept: "application/json",
      ...init.headers,
    };
    if (init.token) headers.Authorization = init.token;
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(op.url + path, { method: init.method ?? "POST", headers, body: init.body });
    return { status: response.status, json: (await response.json()) as Envelope };
  }

  beforeAll(async () => {
    // The games area serves favouriteRemove, the promotions area promotionClaimList and the
    // wallets area balanceV2 for real; the probe stands in for them here (and the records area
    // goes with games: its bets name games; the agents area with both: its team has bets and uplines;
    // the points area with records and wallets: its history and redemptions move both; the content
    // area serves announcements).
    const real = new Set(["games", "promotions", "records", "wallets", "agents", "points", "content"]);
    op = await startReferenceOperator({ areas: [...AREAS.filter((area) => !real.has(area.name)), probe] });
    const { body, encryption } = encryptPayload(
      { username: "player01", password: "Player123", type: "username", deviceId: "relay-dev" },
      op.publicKeyHex,
    );
    const login = await call("/wps/session/login", { body, headers: { Encryption: encryption } });
    token = login.json.value.token;
  });
  afterAll(() => op.close());

  it("serves the path the portal resolves, with and without RELAY_PREFIXES renaming MCSFE to MCS2", async () => {
    for (const prefixes of [{}, parseRelayPrefixes("MCSFE=MCS2")]) {
      const path = resolvePath(endpoints.balanceV2, {}, prefixes);
      const { status, json } = await call(path, { token, body: JSON.stringify({ walletType: "main" }) });
      expect(status, path).toBe(200);
      expect(json).toEqual({
        success: true,
        message: "",
        errorCode: "",
        value: { operation: "getBalanceV2", body: { walletType: "main" }, account: "player01" },
      });
    }
    expect(resolvePath(endpoints.balanceV2, {}, parseRelayPrefixes("MCSFE=MCS2"))).toBe("/wps/relay/MCS2_getBalanceV2");
    // An operation the table names MCS2_, called by an operator configuration that says MCS2=MCSFE.
    const renamed = await call(resolvePath(endpoints.promotionClaimList, {}, parseRelayPrefixes("MCS2=MCSFE")), { token });
    expect(renamed.json.value).toMatchObject({ operation: "getPromotionClaimList", body: {} });
  });

  it("checks the access and the method an operation declares", async () => {
    const noToken = await call("/wps/relay/MCSFE_getBalanceV2", { body: "{}" });
    expect(noToken.json).toMatchObject({ success: false, errorCode: "user.or.token.invalid" });
    const open = await call(resolvePath(endpoints.announcements), { body: "{}" });
    expect(open.json.value).toMatchObject({ operation: "getListAnnouncements", account: null });
    const wrongMethod = await call("/wps/relay/MCSFE_getBalanceV2", { method: "GET", token });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.json.errorCode).toBe("method.not.allowed");
    const removed = await call(resolvePath(endpoints.favouriteRemove), { method: "DELETE", token, body: JSON.stringify({ gameId: 7 }) });
    expect(removed.json.value).toMatchObject({ operation: "removeFavoriteGameV2", body: { gameId: 7 } });
  });

  it("serves a password-checked operation only under passwordCheck/, with its encrypted body", async () => {
    const { body, encryption } = encryptPayload({ rewardId: 3, password: "Player123" }, op.publicKeyHex);
    const path = resolvePath(endpoints.redeemReward, {}, parseRelayPrefixes("MCSFE=MCS2"));
    expect(path).toBe("/wps/relay/passwordCheck/MCS2_redeemPointReward");
    const served = await call(path, { token, body, headers: { Encryption: encryption } });
    expect(served.json.value).toEqual({
      operation: "redeemPointReward",
      body: { rewardId: 3, password: "Player123" },
      account: "player01",
    });
    const plain = await call("/wps/relay/MCSFE_redeemPointReward", { token, body, headers: { Encryption: encryption } });
    expect(plain.status).toBe(404);
    const unencrypted = await call(path, { token, body: JSON.stringify({ rewardId: 3 }) });
    expect(unencrypted.json.errorCode).toBe("encryption.invalid");
  });

  it("answers an unknown operation exactly as an unknown path", async () => {
    const unknownPath = await call("/wps/nothing/here", { body: "{}" });
    for (const path of [
      "/wps/relay/MCSFE_noSuchOperation",
      "/wps/relay/passwordCheck/MCSFE_getBalanceV2",
      "/wps/relay/NOPE",
      resolvePath(endpoints.jackpot),
    ]) {
      const { status, json } = await call(path, { token, body: "{}" });
      expect(status, path).toBe(404);
      expect(json, path).toEqual(unknownPath.json);
    }
    expect(unknownPath.json).toEqual({ success: false, value: null, errorCode: "not.found", message: "Not found" });
  });
});
