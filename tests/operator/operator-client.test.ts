/**
 * The request layer against a scripted fetch: what it sends, what it shares, and how each
 * failure of the error catalogue comes out. The same layer meets the real reference operator
 * in operator-integration.test.ts.
 */
import { describe, expect, it, vi } from "vitest";
import { CACHE_TTL_MS, OperatorClient, SHARED_READS_CONCURRENCY, SHARED_READS_KEY, type CallContext } from "~/operator/client.server";
import { endpoints, resolvePath, type Endpoint } from "~/operator/endpoints";
import { classifyFailure, noticeFor, OperatorError } from "~/operator/errors";
import { desDecrypt } from "~/lib/des";
import { generateKeyPairSync, privateDecrypt, constants } from "node:crypto";

/** The error of a call that must fail. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e as OperatorError,
  );

interface Sent {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

function envelope(value: unknown, extra: Record<string, unknown> = {}, status = 200) {
  return new Response(JSON.stringify({ success: true, value, message: "", errorCode: "", ...extra }), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** A value of the shape each endpoint's schema reads, for the calls these tests make (the client checks answers). */
const SAMPLE_VALUES: Record<string, unknown> = {
  "/wps/system/settings/consolidated": { siteTitle: "Demo" },
  "/wps/member/info": { id: 1, account: "player01", type: 0 },
  "/wps/system/status": { maintenance: false },
  "/wps/member/register/autoUsername": { token: "t" },
};

/** A fetch that records requests and answers through `answer`, optionally after a gate. */
function scriptedFetch(answer: (req: Sent) => Response | Promise<Response> = (req) => envelope(SAMPLE_VALUES[req.url.pathname] ?? "ok")) {
  const sent: Sent[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req: Sent = {
      url: new URL(String(input)),
      method: init?.method ?? "GET",
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body as string | undefined,
    };
    sent.push(req);
    return answer(req);
  });
  return { sent, fetchImpl: fetchImpl as unknown as typeof fetch };
}

const guest: CallContext = { language: "CN", clientKey: "guest-1" };
const player: CallContext = { language: "EN", token: "tok-123", clientKey: "s1", deviceId: "d".repeat(36) };

function client(fetchImpl: typeof fetch, extra: Partial<ConstructorParameters<typeof OperatorClient>[0]> = {}) {
  return new OperatorClient({ baseUrl: "http://operator.test", merchantCode: "demo", fetch: fetchImpl, ...extra });
}

describe("headers", () => {
  it("sends Merchant, Device web, Language (CN as zh_CN) and no Authorization without a session", async () => {
    const { sent, fetchImpl } = scriptedFetch();
    await client(fetchImpl).call("settings", guest);
    expect(sent[0].headers).toMatchObject({ Merchant: "demo", Device: "web", Language: "zh_CN" });
    expect(sent[0].headers.Authorization).toBeUndefined();
    expect(sent[0].url.pathname).toBe("/wps/system/settings/consolidated");
  });

  it("sends the session token as Authorization only on calls that need it", async () => {
    const { sent, fetchImpl } = scriptedFetch();
    const c = client(fetchImpl);
    await c.call("memberInfo", player);
    await c.call("status", player);
    expect(sent[0].headers.Authorization).toBe("tok-123");
    expect(sent[0].headers.Language).toBe("EN");
    expect(sent[1].headers.Authorization).toBeUndefined();
  });

  it("refuses a token call without a session, without calling the operator", async () => {
    const { sent, fetchImpl } = scriptedFetch();
    const error = await failure(client(fetchImpl).call("memberInfo", guest));
    expect(error).toBeInstanceOf(OperatorError);
    expect(error.kind).toBe("session-ended");
    expect(sent).toHaveLength(0);
  });

  it("strips token and authorization query parameters", async () => {
    const { sent, fetchImpl } = scriptedFetch();
    await client(fetchImpl).call("captcha", guest, { query: { deviceId: "x", token: "leak", Authorization: "leak" } });
    expect(sent[0].url.search).toBe("?deviceId=x");
  });
});

describe("payloads", () => {
  it("adds the login device id to login and registration calls, and registerMethod WEB to registration", async () => {
    const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const n = Buffer.from(publicKey.export({ format: "jwk" }).n!, "base64url").toString("hex");
    const { sent, fetchImpl } = scriptedFetch();
    const c = client(fetchImpl, { publicKeyHex: n });
    await c.call("registerAuto", player, { body: { affiliateCode: "" } });
    expect(JSON.parse(sent[0].body!)).toEqual({ affiliateCode: "", deviceId: player.deviceId, registerMethod: "WEB" });
    await c.call("status", player);
    expect(sent[1].body).toBeUndefined();
  });

  it("encrypts encrypted calls: DES body and an RSA-wrapped reversed key", async () => {
    const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const n = Buffer.from(publicKey.export({ format: "jwk" }).n!, "base64url").toString("hex");
    const { sent, fetchImpl } = scriptedFetch(() => envelope({ token: "t" }));
    await client(fetchImpl, { publicKeyHex: n }).call("login", player, {
      body: { username: "player01", password: "Player123", type: "username" },
    });
    const { headers, body } = sent[0];
    expect(headers["Content-Type"]).toBe("application/json");
    // Decrypt the way an operator would (raw RSA here; the reference operator strips the padding itself).
    const raw = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(headers.Encryption, "base64"));
    const key = raw
      .subarray(raw.indexOf(0, 2) + 1)
      .toString("utf8")
      .split("")
      .reverse()
      .join("");
    expect(key).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(JSON.parse(desDecrypt(body!, key))).toEqual({
      username: "player01",
      password: "Player123",
      type: "username",
      deviceId: player.deviceId,
    });
    expect(body).not.toContain("Player123");
  });

  it("sends form-encoded bodies where the endpoint says so", async () => {
    const { sent, fetchImpl } = scriptedFetch();
    await client(fetchImpl).call("forgotPasswordEmail", guest, { body: { username: "a b", email: "x@y.z" } });
    expect(sent[0].headers["Content-Type"]).toBe("application/x-www-form-urlencoded");
    expect(sent[0].body).toBe("username=a+b&email=x%40y.z");
  });
});

describe("sharing work", () => {
  it("coalesces identical GETs in flight into one upstream call", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { sent, fetchImpl } = scriptedFetch(async () => (await gate, envelope({ maintenance: true })));
    const c = client(fetchImpl);
    const calls = [c.call("status", guest), c.call("status", guest), c.call("status", { ...guest, clientKey: "other" })];
    release();
    const values = await Promise.all(calls);
    expect(sent).toHaveLength(1);
    expect(values).toEqual([{ maintenance: true }, { maintenance: true }, { maintenance: true }]);
    // Once answered, the next GET goes upstream again (status is not cached).
    await c.call("status", guest);
    expect(sent).toHaveLength(2);
  });

  it("coalesces the relay's identical reads (POSTs named get…) the same way, and never its money or hand-offs", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { sent, fetchImpl } = scriptedFetch(async () => (await gate, envelope([])));
    const c = client(fetchImpl);
    const page1 = { body: { page: 1, size: 10 } };
    const reads = [
      c.call("announcements", guest, page1),
      c.call("announcements", { ...guest, clientKey: "other" }, { body: { page: 1, size: 10 } }),
      c.call("announcements", guest, { body: { page: 2, size: 10 } }),
    ];
    const moves = [
      c.call("claimReward", player, { body: { promotionId: 7 } }),
      c.call("claimReward", player, { body: { promotionId: 7 } }),
    ];
    const handOffs = [c.call("cashierUrl", player), c.call("cashierUrl", player)];
    release();
    await Promise.allSettled([...reads, ...moves, ...handOffs]);
    const count = (path: RegExp) => sent.filter((s) => path.test(s.url.pathname + s.url.search + (s.body ?? ""))).length;
    expect(sent.every((s) => s.method === "POST")).toBe(true);
    expect(count(/getListAnnouncements/), "page 1 once, page 2 once").toBe(2);
    expect(count(/claimReward/), "a claim is sent every time").toBe(2);
    expect(count(/getCashierUrl/), "each hand-off asks for its own address").toBe(2);
  });

  it("a read asked after a player's write is never answered by one asked before it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const isBalance = (req: Sent) => /getPointBalance/.test(req.url.href + (req.body ?? ""));
    const { sent, fetchImpl } = scriptedFetch(async (req) => (isBalance(req) ? (await gate, envelope({ balance: 10 })) : envelope("ok")));
    const c = client(fetchImpl);
    const before = c.call("pointBalance", player);
    const joined = c.call("pointBalance", player);
    await c.call("claimReward", player, { body: { promotionId: 7 } });
    const after = c.call("pointBalance", player);
    release();
    await Promise.all([before, joined, after]);
    expect(sent.filter(isBalance), "the balance before the claim once, and again after it").toHaveLength(2);
  });

  it("never coalesces two players' token calls", async () => {
    const { sent, fetchImpl } = scriptedFetch();
    const c = client(fetchImpl);
    await Promise.all([c.call("memberInfo", player), c.call("memberInfo", { ...player, token: "tok-456" })]);
    expect(sent.map((s) => s.headers.Authorization).sort()).toEqual(["tok-123", "tok-456"]);
  });

  it("caches settings for 3 minutes, shared across visitors, and never shares a token call's cache", async () => {
    let now = 1_000_000;
    const { sent, fetchImpl } = scriptedFetch(() => envelope({ siteTitle: "Demo" }));
    const c = client(fetchImpl, { now: () => now });
    await c.call("settings", guest);
    await c.call("settings", { ...guest, clientKey: "guest-2" });
    expect(sent).toHaveLength(1);
    now += CACHE_TTL_MS - 1;
    await c.call("settings", guest);
    expect(sent).toHaveLength(1);
    now += 2;
    await c.call("settings", guest);
    expect(sent).toHaveLength(2);
    // Another language is another answer.
    await c.call("settings", { ...guest, language: "EN" });
    expect(sent).toHaveLength(3);
  });

  it("runs at most 6 upstream calls at once per player, 4 for the game list", async () => {
    let active = 0;
    let peak = 0;
    const { fetchImpl } = scriptedFetch(async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 10));
      active--;
      return envelope({ games: [], list: [] });
    });
    const c = client(fetchImpl);
    await Promise.all(Array.from({ length: 15 }, (_, i) => c.call("lotteryDrawsByGame", guest, { params: { gameCode: `g${i}` } })));
    expect(peak).toBe(6);
    peak = 0;
    await Promise.all(Array.from({ length: 10 }, (_, i) => c.call("gameList", guest, { query: { pageNo: i } })));
    expect(peak).toBe(4);
    // Another player is not held up by the first one's queue.
    peak = 0;
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => c.call("lotteryDrawsByGame", guest, { params: { gameCode: `a${i}` } })),
      ...Array.from({ length: 6 }, (_, i) =>
        c.call("lotteryDrawsByGame", { ...guest, clientKey: "guest-2" }, { params: { gameCode: `b${i}` } }),
      ),
    ]);
    expect(peak).toBe(12);
  });

  it("lets the process's shared reads run 32 at once: a page's seven distinct ones are one wave", async () => {
    // Each call is held until the test lets it go: how many run at once is a state, not a timing.
    let active = 0;
    let peak = 0;
    const held: (() => void)[] = [];
    const { fetchImpl } = scriptedFetch(async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise<void>((release) => held.push(release));
      active--;
      return envelope({ games: [], list: [] });
    });
    const c = client(fetchImpl);
    const shared = { ...guest, clientKey: SHARED_READS_KEY };
    const releaseWhen = async (running: number) => {
      await vi.waitFor(() => expect(active).toBe(running));
      for (const release of held.splice(0)) release();
    };
    const seven = Promise.all(Array.from({ length: 7 }, (_, i) => c.call("lotteryDrawsByGame", shared, { params: { gameCode: `s${i}` } })));
    await releaseWhen(7);
    await seven;
    expect(peak).toBe(7);
    peak = 0;
    const forty = Promise.all(
      Array.from({ length: 40 }, (_, i) => c.call("lotteryDrawsByGame", shared, { params: { gameCode: `t${i}` } })),
    );
    await releaseWhen(SHARED_READS_CONCURRENCY);
    await releaseWhen(40 - SHARED_READS_CONCURRENCY);
    await forty;
    expect(peak).toBe(SHARED_READS_CONCURRENCY);
  });

  it("does not call a module the merchant switched off", async () => {
    const { sent, fetchImpl } = scriptedFetch();
    const error = await failure(client(fetchImpl).call("pointBalance", { ...player, disabledModules: new Set(["PTSYS3"]) }));
    expect(error.kind).toBe("feature-off");
    expect(noticeFor(error)).toBeNull();
    expect(sent).toHaveLength(0);
  });
});

describe("answers", () => {
  it("hands over the value as the endpoint's schema reads it: numbers that travel as text, unknown fields dropped", async () => {
    const { fetchImpl } = scriptedFetch(() => envelope({ id: 7, account: "player01", nickname: "Lucky", type: "1", secret: "x" }));
    const member = await client(fetchImpl).call("memberInfo", player);
    expect(member).toEqual({ id: 7, account: "player01", nickname: "Lucky", type: 1 });
  });

  it("turns an answer of another shape into a catalogued failure that names the fields, not their values", async () => {
    const { fetchImpl } = scriptedFetch(() => envelope({ id: 7, nickname: "Lucky", type: "agent", token: "tok-secret" }));
    const error = await failure(client(fetchImpl).call("memberInfo", player));
    expect(error).toBeInstanceOf(OperatorError);
    expect(error.kind).toBe("malformed");
    expect(error.operation).toBe("memberInfo");
    expect(error.fields.sort()).toEqual(["account", "type"]);
    expect(JSON.stringify(error.fields)).not.toContain("tok-secret");
    expect(noticeFor(error)).toEqual({ key: "timeout, retry please" });
  });

  it("never caches a malformed settings answer", async () => {
    let calls = 0;
    const { fetchImpl } = scriptedFetch(() => (calls++ === 0 ? envelope("not settings") : envelope({ siteTitle: "Demo" })));
    const c = client(fetchImpl);
    await expect(c.call("settings", guest)).rejects.toMatchObject({ kind: "malformed" });
    await expect(c.call("settings", guest)).resolves.toEqual({ siteTitle: "Demo" });
  });
});

describe("paths", () => {
  it("resolves relay prefixes from configuration and fills path parameters", () => {
    expect(resolvePath(endpoints.contractDailySalary)).toBe("/wps/relay/MCSFE_processDailySalaryContract");
    expect(resolvePath(endpoints.contractDailySalary, {}, { MCSFE: "MCS2" })).toBe("/wps/relay/MCS2_processDailySalContract");
    expect(resolvePath(endpoints.redeemReward)).toBe("/wps/relay/passwordCheck/MCSFE_redeemPointReward");
    expect(resolvePath(endpoints.lotteryDrawsByGame, { gameCode: "a/b" })).toBe("/lgw/draw/code/a%2Fb");
    expect(() => resolvePath(endpoints.lotteryDrawsByGame)).toThrow(/gameCode/);
  });

  it("uses the configured relay prefix on the wire", async () => {
    const { sent, fetchImpl } = scriptedFetch();
    await client(fetchImpl, { relayPrefixes: { MCSFE: "MCS2" } }).call("signUpReward", player);
    expect(sent[0].url.pathname).toBe("/wps/relay/MCS2_signUpRequestReward");
  });

  it("every endpoint has a path or a relay and a module", () => {
    for (const [name, e] of Object.entries(endpoints) as Array<[string, Endpoint]>) {
      expect(e.path ?? e.relay, name).toBeTruthy();
      expect(e.module, name).toMatch(/^[A-Z0-9]+$/);
    }
  });
});

describe("error catalogue", () => {
  const failWith = (body: Record<string, unknown> | null, status = 200, statusText = "") =>
    scriptedFetch(() =>
      body === null
        ? new Response("<html>bad gateway</html>", { status, statusText })
        : new Response(JSON.stringify({ success: false, value: null, message: "", errorCode: "", ...body }), {
            status,
            statusText,
          }),
    ).fetchImpl;

  it.each(["token_ip_different", "user.or.token.invalid", "login.not.session", "CUSTOMER_NOT_LOGIN"])(
    "%s ends the session with the server's message",
    async (code) => {
      const error = await failure(client(failWith({ errorCode: code, message: "Please log in again" })).call("memberInfo", player));
      expect(error.kind).toBe("session-ended");
      expect(noticeFor(error)).toEqual({ text: "Please log in again" });
    },
  );

  it.each(["merchant.acct.setup.err", "TOO_MANY_REQUEST", "TOO_MANY_REQUESTS"])("%s stays silent", async (code) => {
    const error = await failure(client(failWith({ errorCode: code, message: "x" })).call("settings", guest));
    expect(error.kind).toBe("silent");
    expect(noticeFor(error)).toBeNull();
  });

  it("returns login_verify_required and bind_customer_required to the route with their value, never alerted", async () => {
    const verify = await failure(client(failWith({ errorCode: "login_verify_required", value: ["G", "E"] })).call("status", guest));
    expect(verify.kind).toBe("verify-required");
    expect(verify.value).toEqual(["G", "E"]);
    expect(noticeFor(verify)).toBeNull();
    const bind = await failure(client(failWith({ errorCode: "bind_customer_required" })).call("status", guest));
    expect(bind.kind).toBe("bind-required");
    expect(noticeFor(bind)).toBeNull();
  });

  it("401 shows the message and ends the session", async () => {
    const error = await failure(client(failWith({ message: "Unauthorized here" }, 401)).call("memberInfo", player));
    expect(error.kind).toBe("unauthorized");
    expect(noticeFor(error)).toEqual({ text: "Unauthorized here" });
  });

  it("502 is logged only", async () => {
    const error = await failure(client(failWith(null, 502, "Bad Gateway")).call("status", guest));
    expect(error.kind).toBe("bad-gateway");
    expect(noticeFor(error)).toBeNull();
  });

  it("504 shows the message, else the code, else the retry text", async () => {
    const withMessage = await failure(client(failWith({ message: "Gateway slow" }, 504)).call("status", guest));
    expect(noticeFor(withMessage)).toEqual({ text: "Gateway slow" });
    const withCode = await failure(client(failWith({ errorCode: "gw.timeout" }, 504)).call("status", guest));
    expect(noticeFor(withCode)).toEqual({ text: "gw.timeout" });
    const bare = await failure(client(failWith(null, 504, "Gateway Timeout")).call("status", guest));
    expect(bare.kind).toBe("unavailable");
    expect(noticeFor(bare)).toEqual({ key: "timeout, retry please" });
  });

  it("a network failure and a time-out give the retry text", async () => {
    const down = vi.fn(async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    const error = await failure(client(down).call("status", guest));
    expect(error.kind).toBe("unreachable");
    expect(noticeFor(error)).toEqual({ key: "timeout, retry please" });

    const hang = ((_: unknown, init?: RequestInit) =>
      new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)))) as typeof fetch;
    const timedOut = await failure(client(hang, { timeoutMs: 30 }).call("status", guest));
    expect(timedOut.kind).toBe("timeout");
  });

  it("any other failure shows the server message, else the code, else the status text", async () => {
    const msg = await failure(client(failWith({ errorCode: "x.y", message: "Vendor closed" })).call("settings", guest));
    expect(noticeFor(msg, msg.alerts)).toEqual({ text: "Vendor closed" });
    const code = await failure(client(failWith({ errorCode: "x.y" })).call("settings", guest));
    expect(noticeFor(code, code.alerts)).toEqual({ text: "x.y" });
    const status = await failure(client(failWith(null, 500, "Internal Server Error")).call("settings", guest));
    expect(noticeFor(status, status.alerts)).toEqual({ text: "Internal Server Error" });
  });

  it("a background call's failure raises no alert", async () => {
    const error = await failure(client(failWith({ errorCode: "x.y", message: "nope" })).call("balance", player));
    expect(error.kind).toBe("failure");
    expect(error.alerts).toBe(false);
    expect(error.operation).toBe("balance");
    expect(noticeFor(error, error.alerts)).toBeNull();
  });

  it("maps operator codes that the spec names to its message keys", () => {
    const e = classifyFailure({ status: 200, envelope: { success: false, errorCode: "login.password.incorrect", message: "Wrong" } });
    expect(noticeFor(e)).toEqual({ key: "in_incorrect_password" });
  });

  it("reads the captcha flag from a failure's value", () => {
    const e = classifyFailure({ status: 200, envelope: { success: false, errorCode: "x", value: { captcha: true } } });
    expect(e.captchaRequired).toBe(true);
    expect(classifyFailure({ status: 200, envelope: { success: false, value: null } }).captchaRequired).toBe(false);
  });
});

describe("the cache's memory", () => {
  const cacheOf = (c: OperatorClient) => (c as unknown as { cache: Map<string, unknown> }).cache;

  it("holds at most CACHE_MAX_ENTRIES answers, the least recently used going first", async () => {
    // Imported here so that this block stays self-contained at the end of the file.
    const { CACHE_MAX_ENTRIES } = await import("~/operator/client.server");
    const { sent, fetchImpl } = scriptedFetch(() => envelope({ siteTitle: "Demo" }));
    const c = client(fetchImpl);
    // Every distinct query is an answer of its own (a page could vary it without end).
    for (let i = 0; i <= CACHE_MAX_ENTRIES; i++) await c.call("settings", guest, { query: { v: i } });
    expect(cacheOf(c).size).toBe(CACHE_MAX_ENTRIES);
    const calls = sent.length;
    await c.call("settings", guest, { query: { v: 1 } }); // used again: now the most recent
    await c.call("settings", guest, { query: { v: CACHE_MAX_ENTRIES } });
    expect(sent).toHaveLength(calls); // both still cached…
    await c.call("settings", guest, { query: { v: 0 } });
    expect(sent).toHaveLength(calls + 1); // …the oldest was let go
    await c.call("settings", guest, { query: { v: 2 } });
    expect(sent).toHaveLength(calls + 2); // and 2 gave way to 0 (1 had been used again)
    await c.call("settings", guest, { query: { v: 1 } });
    expect(sent).toHaveLength(calls + 2);
  });

  it("deletes an expired answer when it is read, even when the new call fails", async () => {
    let now = 1_000_000;
    let up = true;
    const { fetchImpl } = scriptedFetch(() =>
      up ? envelope({ siteTitle: "Demo" }) : envelope(null, { success: false, errorCode: "x.y" }),
    );
    const c = client(fetchImpl, { now: () => now });
    for (let i = 0; i < 3; i++) await c.call("settings", guest, { query: { v: i } });
    expect(cacheOf(c).size).toBe(3);
    now += CACHE_TTL_MS;
    up = false;
    await expect(c.call("settings", guest, { query: { v: 0 } })).rejects.toBeInstanceOf(OperatorError);
    expect(cacheOf(c).size).toBe(2);
  });

  it("keeps nothing when the lifetime is 0 (OPERATOR_CACHE_MS=0)", async () => {
    const { fetchImpl } = scriptedFetch(() => envelope({ siteTitle: "Demo" }));
    const c = client(fetchImpl, { cacheTtlMs: 0 });
    for (let i = 0; i < 10; i++) await c.call("settings", guest, { query: { v: i } });
    expect(cacheOf(c).size).toBe(0);
  });
});
