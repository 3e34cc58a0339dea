/**
 * Every 429 carries Retry-After (issue 8, section 5.10), on a plain post's page as on a data
 * request: Remix keeps only the Set-Cookie of an action's headers when it renders the page, so
 * entry.server carries the action's Retry-After over, or gives a minute when nobody timed it.
 * A route of the test's own, rendered by the real entry.server through Remix's request handler.
 */
import { createRequestHandler, json, type ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import * as entry from "~/entry.server";
import { DEFAULT_RETRY_AFTER_S } from "~/server/rate-limit.server";

function Page() {
  return (
    <html lang="en">
      <body>
        <p>too many</p>
      </body>
    </html>
  );
}

const build = {
  entry: { module: entry },
  routes: {
    root: {
      id: "root",
      path: "",
      module: {
        default: Page,
        action: async ({ request }: { request: Request }) => {
          const timed = new URL(request.url).searchParams.has("timed");
          return json({ error: "too_many_requests" }, { status: 429, headers: timed ? { "Retry-After": "42", "Set-Cookie": "a=b" } : {} });
        },
      },
    },
  },
  assets: {
    entry: { module: "/build/entry.client.js", imports: [] },
    routes: { root: { id: "root", path: "", module: "/build/root.js", imports: [], hasAction: true, hasLoader: false } },
    url: "/build/manifest.js",
    version: "test",
  },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: {},
  isSpaMode: false,
  mode: "production",
} as unknown as ServerBuild;

const handle = createRequestHandler(build, "production");
const post = (query: string) =>
  handle(
    new Request(`http://portal.test/${query}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    }),
  );

describe("a 429", () => {
  it("answering a plain post (a page) keeps the action's Retry-After, and its cookies", async () => {
    const page = await post("?timed");
    expect(page.status).toBe(429);
    expect(page.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(page.headers.get("Retry-After")).toBe("42");
    expect(page.headers.get("Set-Cookie")).toBe("a=b");
  });

  it("answering a data request keeps the action's Retry-After", async () => {
    const data = await post("?timed&_data=root");
    expect(data.status).toBe(429);
    expect(data.headers.get("Retry-After")).toBe("42");
  });

  it("that nobody timed (an operator's) says a minute, page or data", async () => {
    for (const query of ["", "?_data=root"]) {
      const answer = await post(query);
      expect(answer.status).toBe(429);
      expect(answer.headers.get("Retry-After"), query).toBe(String(DEFAULT_RETRY_AFTER_S));
    }
  });
});
