/** Calls of the games tests: the portal's headers, logins, relay GETs with a query, JSON posts. */
import { expect } from "vitest";
import { encryptPayload } from "~/operator/encryption.server";
import type { ReferenceOperator } from "../../server/operator/index";

export interface Envelope {
  success: boolean;
  value: any;
  message: string;
  errorCode: string;
}

export interface CallOptions {
  method?: string;
  token?: string;
  merchant?: string | null;
  language?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export async function call(op: ReferenceOperator, path: string, options: CallOptions = {}): Promise<Envelope> {
  const headers: Record<string, string> = { Device: "web", Language: options.language ?? "EN", ...options.headers };
  if (options.merchant !== null) headers.Merchant = options.merchant ?? "demo";
  if (options.token) headers.Authorization = options.token;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(op.url + path, { method: options.method ?? "GET", headers, body });
  expect(response.headers.get("content-type"), path).toContain("application/json");
  return (await response.json()) as Envelope;
}

/** A relay GET with its payload in the query, as the portal's client sends reads. */
export function relayGet(op: ReferenceOperator, operation: string, query: Record<string, string | number> = {}, options: CallOptions = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return call(op, `/wps/relay/${operation}${search ? `?${search}` : ""}`, options);
}

export function post(op: ReferenceOperator, path: string, body: unknown, options: CallOptions = {}) {
  return call(op, path, { method: "POST", body, ...options });
}

export async function tokenFor(op: ReferenceOperator, username: string, password: string, merchant = "demo"): Promise<string> {
  const { body, encryption } = encryptPayload({ username, password, type: "username", deviceId: `games-${username}` }, op.publicKeyHex);
  const json = await call(op, "/wps/session/login", { method: "POST", body, merchant, headers: { Encryption: encryption } });
  expect(json.success, json.message).toBe(true);
  return json.value.token as string;
}

/** A new free-play (trial, isAgent 4) account's token. */
export async function freePlayToken(op: ReferenceOperator): Promise<string> {
  const json = await post(op, "/wps/session/login/freeplay", { deviceId: "games-free" });
  expect(json.success, json.message).toBe(true);
  return json.value.token as string;
}

export const launchBody = (game: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  launchMode: "GLS",
  accountType: 1,
  confirmTrans: 0,
  platform: "html5-desktop",
  clientType: 3,
  language: "EN",
  merchantCode: "demo",
  ...game,
  ...extra,
});

/** Every game of the catalogue (pages of 100) in a language. */
export async function allGames(op: ReferenceOperator, language = "EN", query: Record<string, string> = {}): Promise<any[]> {
  const games: any[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const { value } = await relayGet(op, "GCSGAME_gameList", { pageNo, pageSize: 100, ...query }, { language });
    games.push(...value.games);
    if (pageNo >= value.totalPages) return games;
  }
}
