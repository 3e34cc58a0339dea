/**
 * The configuration: one zod schema for every variable the portal reads, read once, refusing a
 * bad value by name; and the README documents exactly those variables.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkConfig, configSchema } from "~/server/config.server";

describe("configuration", () => {
  it("has the documented defaults for an empty environment", () => {
    const checked = checkConfig({});
    expect("config" in checked && checked.config).toMatchObject({
      NODE_ENV: "development",
      MERCHANT_CODE: "demo",
      DATA_DIR: ".data",
      LOGIN_RATE_LIMIT_PER_IP: 20,
      LOGIN_RATE_LIMIT_PER_USERNAME: 8,
      LOGIN_RATE_WINDOW_MS: 60000,
      TRUST_PROXY: 0,
      ACCESS_LOG: false,
      INSECURE_COOKIES: false,
      DEFAULT_LOGIN_PASSWORD: "Aa123456",
      PORT: 3000,
      HOST: "0.0.0.0",
      REFERENCE_OPERATOR_PORT: 4010,
      REFERENCE_OPERATOR_LANGUAGE: "CN",
      SESSION_SECRET: [],
      RELAY_PREFIXES: {},
    });
  });

  it("reads flags, numbers, lists and the relay renames", () => {
    const checked = checkConfig({
      TRUST_PROXY: "1",
      ACCESS_LOG: "0",
      LOGIN_RATE_LIMIT_PER_IP: "50",
      SESSION_SECRET: "new, old",
      RELAY_PREFIXES: "MCSFE=MCS2, GCSGAME=GCS2",
      OPERATOR_API_URL: "https://api.operator.example",
      OPERATOR_CACHE_MS: "0",
    });
    expect("config" in checked && checked.config).toMatchObject({
      TRUST_PROXY: 1,
      ACCESS_LOG: false,
      LOGIN_RATE_LIMIT_PER_IP: 50,
      SESSION_SECRET: ["new", "old"],
      RELAY_PREFIXES: { MCSFE: "MCS2", GCSGAME: "GCS2" },
      OPERATOR_API_URL: "https://api.operator.example",
      OPERATOR_CACHE_MS: 0,
    });
  });

  it("refuses bad values and names each one", () => {
    const checked = checkConfig({
      OPERATOR_API_URL: "not a url",
      PORT: "http",
      LOGIN_RATE_LIMIT_PER_USERNAME: "0",
      REFERENCE_OPERATOR_LANGUAGE: "JA",
      NODE_ENV: "prod",
      OPERATOR_RSA_PUBLIC_KEY: "xyz",
      FIREBASE_AUTH_EMULATOR_HOST: "http://localhost:9099",
      TRUST_PROXY: "yes",
    });
    expect("problems" in checked).toBe(true);
    const problems = "problems" in checked ? checked.problems.join("\n") : "";
    for (const name of [
      "OPERATOR_API_URL",
      "PORT",
      "LOGIN_RATE_LIMIT_PER_USERNAME",
      "REFERENCE_OPERATOR_LANGUAGE",
      "NODE_ENV",
      "OPERATOR_RSA_PUBLIC_KEY",
      "FIREBASE_AUTH_EMULATOR_HOST",
      "TRUST_PROXY",
    ]) {
      expect(problems).toContain(`${name}:`);
    }
  });

  it("is documented in the README: every variable the schema reads, and no other", () => {
    const readme = readFileSync("README.md", "utf8");
    const section = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n## ", readme.indexOf("## Configuration") + 5));
    // The names in the first cell of each row of the table.
    const firstCells = [...section.matchAll(/^\| ([^|]+) \|/gm)].map((m) => m[1]);
    const documented = new Set(firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1])));
    const read = Object.keys(configSchema.shape);
    expect([...documented].filter((name) => !read.includes(name)).sort()).toEqual([]);
    expect(read.filter((name) => !documented.has(name)).sort()).toEqual([]);
  });
});
