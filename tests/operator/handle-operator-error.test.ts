/** The one place routes hand operator failures to: each branch of the catalogue. */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { classifyFailure, OperatorError } from "~/operator/errors";

let handle: typeof import("~/operator/operator.server").handleOperatorError;
let session: typeof import("~/server/session.server");

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "handle-test-"));
  process.env.SESSION_SECRET = "handle-test-secret";
  ({ handleOperatorError: handle } = await import("~/operator/operator.server"));
  session = await import("~/server/session.server");
});

/** A request from a logged-in browser. */
async function loggedIn() {
  const s = await session.getSession(new Request("http://x/"));
  s.set("token", "tok-secret-123");
  const cookie = (await session.commitSession(s)).split(";")[0];
  const again = await session.getSession(new Request("http://x/", { headers: { Cookie: cookie } }));
  return { request: new Request("http://x/member", { headers: { Cookie: cookie } }), id: again.id, cookie };
}

const error = (envelope: Record<string, unknown> | null, status = 200) =>
  classifyFailure({ status, statusText: status === 502 ? "Bad Gateway" : "", envelope: envelope && { success: false, ...envelope } });

describe("handleOperatorError", () => {
  it.each([
    ["a session-ending code", error({ errorCode: "user.or.token.invalid", message: "Session over" })],
    ["HTTP 401", error({ message: "Session over" }, 401)],
  ])("%s: clears the session and sends the player home with the message", async (_, failure) => {
    const { request, cookie } = await loggedIn();
    const thrown = await handle(request, failure).then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    const cookies = response.headers.getSetCookie();
    expect(cookies[0]).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
    // The old session is gone on the server; the new one carries only the message.
    const old = await session.getSession(new Request("http://x/", { headers: { Cookie: cookie } }));
    expect(old.get("token")).toBeUndefined();
    const fresh = await session.getSession(new Request("http://x/", { headers: { Cookie: cookies[1].split(";")[0] } }));
    expect(fresh.get("notice")).toEqual({ text: "Session over" });
    expect(fresh.get("token")).toBeUndefined();
  });

  it("502: logged (operation and status only), no message for the player", async () => {
    const { request } = await loggedIn();
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = error(null, 502);
    failure.operation = "memberInfo";
    expect(await handle(request, failure)).toBeNull();
    expect(log).toHaveBeenCalledWith("operator memberInfo: 502 Bad Gateway");
    expect(JSON.stringify(log.mock.calls)).not.toContain("tok-secret-123");
    log.mockRestore();
  });

  it("silent codes, verify-required and bind-required answer null; the route decides", async () => {
    const { request } = await loggedIn();
    expect(await handle(request, error({ errorCode: "TOO_MANY_REQUESTS" }))).toBeNull();
    expect(await handle(request, error({ errorCode: "login_verify_required", value: ["G"] }))).toBeNull();
    expect(await handle(request, error({ errorCode: "bind_customer_required" }))).toBeNull();
  });

  it("504 and other failures answer the notice to show", async () => {
    const { request } = await loggedIn();
    expect(await handle(request, error({}, 504))).toEqual({ key: "timeout, retry please" });
    expect(await handle(request, error({ errorCode: "vendor_under_maintenance", message: "Vendor closed" }))).toEqual({
      text: "Vendor closed",
    });
  });

  it("a failure of a background call answers null", async () => {
    const { request } = await loggedIn();
    const failure = error({ errorCode: "x", message: "quiet please" });
    failure.alerts = false;
    expect(await handle(request, failure)).toBeNull();
  });

  it("anything that is not an operator failure is thrown on", async () => {
    const { request } = await loggedIn();
    const bug = new TypeError("a bug");
    await expect(handle(request, bug)).rejects.toBe(bug);
    expect(new OperatorError({ kind: "failure" })).toBeInstanceOf(Error);
  });
});
