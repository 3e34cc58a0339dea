/**
 * A free-play (trial) account through the route modules: the root loader tells the header it is
 * one, so it is offered no password change and no member centre; a trial account that reaches
 * those pages anyway is sent home with the gate's message, which asks for a real account.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { args, CookieJar, getRequest, postRequest, run, startPortalEnv } from "../support/portal";
import { LOCALES } from "~/i18n/config";
import { resources } from "~/i18n/resources";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let freeplay: typeof import("~/routes/_auth+/login.freeplay");
let login: typeof import("~/routes/_auth+/login");
let member: typeof import("~/routes/member+/index");
let changePassword: typeof import("~/routes/_auth+/change-password");

beforeAll(async () => {
  operator = await startPortalEnv();
  root = await import("~/root");
  freeplay = await import("~/routes/_auth+/login.freeplay");
  login = await import("~/routes/_auth+/login");
  member = await import("~/routes/member+/index");
  changePassword = await import("~/routes/_auth+/change-password");
});

afterAll(async () => {
  await operator.close();
});

/** A browser that has opened the login page, then logged in by `way`. */
async function loggedIn(way: "freeplay" | "player") {
  const jar = new CookieJar();
  const { csrfToken: csrf } = await jar.take(await run(() => root.loader(args(getRequest("/login", jar))))).json();
  const response =
    way === "freeplay"
      ? await run(() => freeplay.action(args(postRequest("/login/freeplay", { csrf, redirectTo: "/" }, jar))))
      : await run(() =>
          login.action(args(postRequest("/login", { csrf, username: "player01", password: "Player123", redirectTo: "" }, jar))),
        );
  expect(jar.take(response).status).toBe(303);
  const get = async (url: string, loader: (a: ReturnType<typeof args>) => Promise<unknown>) =>
    jar.take(await run(() => loader(args(getRequest(url, jar)))));
  const post = async (url: string, fields: Record<string, string>, action: (a: ReturnType<typeof args>) => Promise<unknown>) =>
    jar.take(await run(() => action(args(postRequest(url, { csrf: jar.csrf() ?? csrf, ...fields }, jar)))));
  const page = async (url = "/") => (await get(url, root.loader)).json();
  return { get, post, page };
}

describe("a trial account", () => {
  it("is marked as one for the header; a player is not", async () => {
    const trial = await loggedIn("freeplay");
    expect((await trial.page()).player).toMatchObject({ trial: true });
    const player = await loggedIn("player");
    expect((await player.page()).player).toMatchObject({ account: "player01", trial: false });
  });

  it("is sent home from the member centre with in_please_account", async () => {
    const trial = await loggedIn("freeplay");
    const refused = await trial.get("/member", member.loader);
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/");
    expect((await trial.page()).notice).toEqual({ key: "in_please_account" });
  });

  it("is sent home from the password change, page and post, with the same message; a player opens it", async () => {
    const trial = await loggedIn("freeplay");
    const page = await trial.get("/change-password", changePassword.loader);
    expect(page.status).toBe(303);
    expect(page.headers.get("Location")).toBe("/");
    expect((await trial.page()).notice).toEqual({ key: "in_please_account" });

    const post = await trial.post(
      "/change-password",
      { oldPassword: "x", newPassword: "Abc12345", confirmNewPassword: "Abc12345" },
      changePassword.action,
    );
    expect(post.status).toBe(303);
    expect(post.headers.get("Location")).toBe("/");

    const player = await loggedIn("player");
    expect((await player.get("/change-password", changePassword.loader)).status).toBe(200);
  });

  it("reads a message that asks for a real account, not to log in (the header shows it logged in)", () => {
    const real = { CN: "真实账号", TW: "真實帳號", JA: "リアルアカウント", EN: "real account", TH: "บัญชีจริง", VI: "tài khoản thật" };
    for (const lng of LOCALES) {
      const message = (resources[lng].common as Record<string, string>).in_please_account;
      expect(message, lng).toContain(real[lng]);
      // in_need_true_account (real games) says the same in the same words.
      expect((resources[lng].common as Record<string, string>).in_need_true_account, lng).toContain(real[lng]);
    }
  });
});
