/**
 * A language asked for by ?lng= outlives the address: the root loader (every page) keeps it in the
 * cookie, so that the next form post and link, which do not carry the query, stay in it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { args, CookieJar, getRequest, postRequest, run, startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let login: typeof import("~/routes/_auth+/login");
let lang: typeof import("~/routes/resources+/lang");
let i18n: typeof import("~/i18n/i18n.server");

beforeAll(async () => {
  operator = await startPortalEnv();
  root = await import("~/root");
  login = await import("~/routes/_auth+/login");
  lang = await import("~/routes/resources+/lang");
  i18n = await import("~/i18n/i18n.server");
});

afterAll(async () => {
  await operator.close();
});

const localeCookieOf = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith("lng="));
const rootData = async (url: string, jar: CookieJar) => jar.take(await run(() => root.loader(args(getRequest(url, jar))))).json();

it("/login?lng=EN, then a wrong password posted to /login: the post and the page it draws are in English", async () => {
  const jar = new CookieJar();
  const first = jar.take(await run(() => root.loader(args(getRequest("/login?lng=EN", jar)))));
  expect(localeCookieOf(first)).toMatch(/^lng=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/);
  const { locale, csrfToken } = await first.json();
  expect(locale).toBe("EN");

  // The login form posts to /login (its tab and target only), without the query.
  const post = postRequest("/login", { csrf: csrfToken, username: "player01", password: "WrongPass1" }, jar);
  expect(await i18n.getLocale(post.clone())).toBe("EN");
  const refused = await run(() => login.action(args(post)));
  expect(refused.status).toBe(400);
  expect((await refused.json()).result.error.password).toEqual(["in_incorrect_password"]);
  expect(await i18n.translate("EN", "in_incorrect_password")).toBe("Incorrect username or password.");
  expect((await rootData("/login", jar)).locale).toBe("EN");

  // A link followed from there (no query) stays in English too.
  expect((await rootData("/register", jar)).locale).toBe("EN");
});

it("sets the cookie only when ?lng= names one of the six languages and the cookie says otherwise", async () => {
  const jar = new CookieJar();
  expect(localeCookieOf(await run(() => root.loader(args(getRequest("/?lng=XX", jar)))))).toBeUndefined();
  expect(localeCookieOf(await run(() => root.loader(args(getRequest("/", jar)))))).toBeUndefined();

  // Case is forgiven, as getLocale forgives it.
  const lower = jar.take(await run(() => root.loader(args(getRequest("/?lng=th", jar)))));
  expect(localeCookieOf(lower)).toBeDefined();
  expect((await lower.json()).locale).toBe("TH");
  expect(localeCookieOf(await run(() => root.loader(args(getRequest("/?lng=TH", jar)))))).toBeUndefined();

  // Another language replaces it.
  jar.take(await run(() => root.loader(args(getRequest("/?lng=VI", jar)))));
  expect((await rootData("/", jar)).locale).toBe("VI");
  // An unknown one leaves it as it was.
  expect((await rootData("/?lng=XX", jar)).locale).toBe("VI");
});

it("the header's selector on a page opened with ?lng= returns to the page without it, so the choice holds", async () => {
  const jar = new CookieJar();
  const { csrfToken } = await rootData("/login?lng=EN&tab=sms", jar);
  const chosen = jar.take(
    await run(() =>
      lang.action(args(postRequest("/resources/lang", { csrf: csrfToken, lng: "JA", redirectTo: "/login?lng=EN&tab=sms" }, jar))),
    ),
  );
  expect(chosen.status).toBe(303);
  expect(chosen.headers.get("Location")).toBe("/login?tab=sms");
  expect((await rootData(chosen.headers.get("Location")!, jar)).locale).toBe("JA");
});
