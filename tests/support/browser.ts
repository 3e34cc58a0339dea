/**
 * A browser for journeys through route modules: its cookies, the CSRF token of the page it last
 * loaded, GETs through loaders and posts through actions (urlencoded or multipart), and a login.
 * Import after startPortalEnv (the route modules read the configuration it sets).
 */
import { expect } from "vitest";
import { args, CookieJar, getRequest, postRequest, run } from "./portal";

type RouteFn = (a: ReturnType<typeof args>) => Promise<unknown> | unknown;

export interface Browser {
  jar: CookieJar;
  csrf(): string;
  get(url: string, loader: RouteFn, params?: Record<string, string>): Promise<Response>;
  post(url: string, fields: Record<string, string>, action: RouteFn, params?: Record<string, string>): Promise<Response>;
  /** A multipart post: text fields and files (name → File or File[]). */
  upload(
    url: string,
    fields: Record<string, string>,
    files: Record<string, File | File[]>,
    action: RouteFn,
    params?: Record<string, string>,
  ): Promise<Response>;
}

export async function newBrowser(): Promise<Browser> {
  const root = await import("~/root");
  const jar = new CookieJar();
  const { csrfToken } = await jar.take(await run(() => root.loader(args(getRequest("/login", jar))))).json();
  const csrf = () => jar.csrf() ?? csrfToken;
  return {
    jar,
    csrf,
    get: async (url, loader, params = {}) => jar.take(await run(() => loader({ ...args(getRequest(url, jar)), params }))),
    post: async (url, fields, action, params = {}) =>
      jar.take(await run(() => action({ ...args(postRequest(url, { csrf: csrf(), ...fields }, jar)), params }))),
    upload: async (url, fields, files, action, params = {}) => {
      const form = new FormData();
      form.set("csrf", csrf());
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      for (const [name, value] of Object.entries(files)) for (const file of [value].flat()) form.append(name, file);
      const request = new Request(new URL(url, "http://portal.test"), { method: "POST", headers: { Cookie: jar.header() }, body: form });
      return jar.take(await run(() => action({ ...args(request), params })));
    },
  };
}

/** A browser logged in through the login action. */
export async function loggedIn(username: string, password: string): Promise<Browser> {
  const login = await import("~/routes/_auth+/login");
  const browser = await newBrowser();
  const response = await browser.post("/login", { username, password, redirectTo: "" }, login.action);
  expect(response.status, `login ${username}`).toBe(303);
  return browser;
}
