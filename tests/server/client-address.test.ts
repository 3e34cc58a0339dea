/**
 * The client's address behind TRUST_PROXY proxies (issue 8, section 2): counted in hops from the
 * right of X-Forwarded-For, the same as Express's `trust proxy` with a hop count, and what
 * server/app.ts hands loaders; no header a client sets alone is ever read.
 */
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, describe, expect, it } from "vitest";
import { clientAddress } from "~/server/client-address.server";
import { createPortalApp } from "../../server/app";

describe("clientAddress", () => {
  it("is the socket's address without trusted proxies, whatever the headers say", () => {
    expect(clientAddress("6.6.6.6", "203.0.113.5", 0)).toBe("203.0.113.5");
    expect(clientAddress(undefined, "::ffff:127.0.0.1", 0)).toBe("::ffff:127.0.0.1");
  });

  it("counts hops from the right: the first is the right-most entry, the one our proxy appended", () => {
    const header = "6.6.6.6, 198.51.100.7, 10.0.0.2";
    expect(clientAddress(header, "10.0.0.1", 1)).toBe("10.0.0.2");
    expect(clientAddress(header, "10.0.0.1", 2)).toBe("198.51.100.7");
    expect(clientAddress(header, "10.0.0.1", 3)).toBe("6.6.6.6");
    // More hops configured than entries: the left-most one (Express does the same).
    expect(clientAddress(header, "10.0.0.1", 9)).toBe("6.6.6.6");
    // Several X-Forwarded-For headers are one list; empty entries do not count as hops.
    expect(clientAddress(["6.6.6.6", "198.51.100.7"], "10.0.0.1", 1)).toBe("198.51.100.7");
    expect(clientAddress("198.51.100.7, ,", "10.0.0.1", 1)).toBe("198.51.100.7");
    // No header: the proxy itself is the client as far as anyone can tell.
    expect(clientAddress(undefined, "10.0.0.1", 1)).toBe("10.0.0.1");
    // Without the socket (remix-serve) the header alone.
    expect(clientAddress("6.6.6.6, 198.51.100.7", undefined, 1)).toBe("198.51.100.7");
    expect(clientAddress(null, undefined, 1)).toBeUndefined();
  });

  it("answers nothing for a hop that is not an address (more hops configured than proxies: the client wrote it)", () => {
    expect(clientAddress("not-an-ip", "10.0.0.1", 1)).toBeUndefined();
    expect(clientAddress(`${"1".repeat(100_000)}`, "10.0.0.1", 1)).toBeUndefined();
    expect(clientAddress("2001:db8::1", "10.0.0.1", 1)).toBe("2001:db8::1");
  });

  it("agrees with Express's trust proxy hop count (req.ip)", async () => {
    const app = express();
    let hops = 0;
    app.get("/", (req, res) => {
      res.json({ express: req.ip, ours: clientAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, hops) });
    });
    const server = await listening(app);
    try {
      for (hops of [0, 1, 2, 3]) {
        app.set("trust proxy", hops);
        for (const header of [undefined, "198.51.100.7", "6.6.6.6, 198.51.100.7", "6.6.6.6, 198.51.100.7, 10.0.0.2, 10.0.0.3"]) {
          const answer = await (await fetch(urlOf(server), { headers: header ? { "X-Forwarded-For": header } : {} })).json();
          expect(answer.ours, `${hops} hops, X-Forwarded-For: ${header}`).toBe(answer.express);
        }
      }
    } finally {
      server.close();
    }
  });
});

describe("server/app.ts", () => {
  // A build of one route whose loader answers the load context's clientIp (a data request renders nothing).
  const build = {
    entry: { module: { default: () => new Response("no documents here", { status: 500 }) } },
    routes: { root: { id: "root", path: "", module: { loader: ({ context }: { context: { clientIp: string } }) => context } } },
    assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "test" },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: {},
    isSpaMode: false,
    mode: "production",
  } as unknown as ServerBuild;
  const servers: Server[] = [];
  afterAll(() => servers.forEach((s) => s.close()));

  async function addressSeen(trustProxy: number | undefined, headers: Record<string, string>) {
    const server = await listening(createPortalApp({ build, trustProxy, publicDir: "/nonexistent" }));
    servers.push(server);
    const answer = await fetch(`${urlOf(server)}/?_data=root`, { headers });
    return ((await answer.json()) as { clientIp: string }).clientIp;
  }

  const spoofing = {
    "X-Forwarded-For": "6.6.6.6, 198.51.100.7",
    "X-Client-IP": "7.7.7.7",
    "X-Real-IP": "8.8.8.8",
    "CF-Connecting-IP": "9.9.9.9",
  };

  it("hands loaders the right-most untrusted hop with TRUST_PROXY=1, never the headers a client sets", async () => {
    expect(await addressSeen(1, spoofing)).toBe("198.51.100.7");
  });

  it("hands loaders the socket's address without TRUST_PROXY", async () => {
    expect(await addressSeen(undefined, spoofing)).toMatch(/127\.0\.0\.1$/);
    expect(await addressSeen(0, spoofing)).toMatch(/127\.0\.0\.1$/);
  });
});

function listening(app: express.Express): Promise<Server> {
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => resolve(server));
  });
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
