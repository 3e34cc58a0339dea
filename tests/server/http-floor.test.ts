/**
 * The Express floor of server/app.ts: Secure cookies whenever the request came over HTTPS
 * (through a trusted proxy too), and a foreign Origin restated as a cross-site request so the
 * app's own opening refuses it with its page.
 */
import express from "express";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foreignOriginAsCrossSite, listen, secureCookiesOverHttps } from "../../server/app";

let server: Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", 1);
  app.use(foreignOriginAsCrossSite, secureCookiesOverHttps);
  app.all("/", (req, res) => {
    res.append("Set-Cookie", "a=1; Path=/; HttpOnly");
    res.append("Set-Cookie", "b=2; Path=/; Secure");
    res.json({ origin: req.headers.origin ?? null, site: req.headers["sec-fetch-site"] ?? null });
  });
  ({ server, url } = await listen(app, 0, "127.0.0.1"));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the HTTP floor", () => {
  it("marks every cookie Secure behind a proxy that says https, and none over plain http", async () => {
    const secure = await fetch(url, { headers: { "X-Forwarded-Proto": "https" } });
    expect(secure.headers.getSetCookie()).toEqual(["a=1; Path=/; HttpOnly; Secure", "b=2; Path=/; Secure"]);
    const plain = await fetch(url);
    expect(plain.headers.getSetCookie()[0]).toBe("a=1; Path=/; HttpOnly");
  });

  it("turns a post's foreign or null Origin into Sec-Fetch-Site: cross-site, and leaves its own origin alone", async () => {
    const host = new URL(url).host;
    const post = (origin: string) => fetch(url, { method: "POST", headers: { Origin: origin } }).then((r) => r.json());
    expect(await post("https://evil.example")).toEqual({ origin: null, site: "cross-site" });
    expect(await post("null")).toEqual({ origin: null, site: "cross-site" });
    expect(await post(`http://${host}`)).toEqual({ origin: `http://${host}`, site: null });
  });
});
