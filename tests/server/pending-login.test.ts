/**
 * Pending two-factor logins (issue 8, section 3): memory holds no password in clear, an entry
 * leaves memory when it expires even if nothing else happens, and their number is capped. The
 * journey through the routes is in tests/reference-operator/login-verify-operator.test.ts.
 */
import { createSession } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  endPendingLogin,
  holdPendingLogin,
  MAX_PENDING_LOGINS,
  PENDING_LOGIN_TTL_MS,
  pendingLoginOf,
  pendingLoginsHeld,
} from "~/features/auth/pending-login.server";
import type { PortalSession } from "~/server/session.server";

const session = (username = "someone1") => createSession({ pendingVerification: { username, methods: ["G"] } }) as unknown as PortalSession;

afterEach(() => {
  vi.useRealTimers();
});

describe("a pending login in memory", () => {
  it("holds the password, the login type and remember-me sealed: neither they, the username nor the ticket in clear", async () => {
    const s = session("sealuser1");
    await holdPendingLogin(s, { password: "Unmistakable-Pw-8841", remember: true, type: "mobileNum" });
    const ticket = s.get("pendingVerification")!.ticket!;
    const held = pendingLoginsHeld().at(-1)!;
    const memory = `${held.id} ${held.sealed.toString("latin1")} ${held.sealed.toString("utf8")}`;
    for (const secret of ["Unmistakable-Pw-8841", "sealuser1", "mobileNum", ticket]) expect(memory).not.toContain(secret);
    // The ticket in the session opens it, under its own username only.
    expect(await pendingLoginOf(s)).toMatchObject({ password: "Unmistakable-Pw-8841", type: "mobileNum", remember: true });
    await endPendingLogin(s);
  });

  it("leaves memory when it expires, with no other call", async () => {
    vi.useFakeTimers();
    const before = pendingLoginsHeld().length;
    const s = session();
    await holdPendingLogin(s, { password: "Secret123", remember: false });
    expect(pendingLoginsHeld()).toHaveLength(before + 1);
    vi.advanceTimersByTime(PENDING_LOGIN_TTL_MS - 1);
    expect(pendingLoginsHeld()).toHaveLength(before + 1);
    vi.advanceTimersByTime(1);
    expect(pendingLoginsHeld()).toHaveLength(before);
    expect(await pendingLoginOf(s)).toBeNull();
  });

  it("is forgotten, timer and all, when it ends", async () => {
    vi.useFakeTimers();
    const timers = vi.getTimerCount();
    const s = session();
    await holdPendingLogin(s, { password: "Secret123", remember: false });
    expect(vi.getTimerCount()).toBe(timers + 1);
    await endPendingLogin(s);
    expect(vi.getTimerCount()).toBe(timers);
  });

  it(`is one of at most ${MAX_PENDING_LOGINS.toLocaleString("en-US")}: the oldest gives way`, async () => {
    vi.useFakeTimers();
    const sessions = Array.from({ length: MAX_PENDING_LOGINS + 5 }, (_, i) => session(`cap${i}`));
    for (const s of sessions) await holdPendingLogin(s, { password: "Secret123", remember: false });
    expect(pendingLoginsHeld()).toHaveLength(MAX_PENDING_LOGINS);
    expect(await pendingLoginOf(sessions[0])).toBeNull();
    expect(await pendingLoginOf(sessions[4])).toBeNull();
    expect(await pendingLoginOf(sessions[5])).toMatchObject({ username: "cap5", password: "Secret123" });
    expect(await pendingLoginOf(sessions.at(-1)!)).toMatchObject({ username: `cap${MAX_PENDING_LOGINS + 4}` });
    for (const s of sessions) await endPendingLogin(s);
    expect(pendingLoginsHeld()).toHaveLength(0);
  });
});
