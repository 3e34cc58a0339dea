/**
 * The operator's broker as the notification journeys see it (decision 051): the reference
 * operator's embedded broker, or RabbitMQ's Web-STOMP when the run is playwright.rabbitmq.config.ts
 * (E2E_RABBITMQ_API names its management API). The journeys ask the same two things of either:
 * has the portal subscribed to a player's user topic yet, and restart the broker.
 */
import { expect } from "@playwright/test";
import { reference, type Account } from "./helpers";

/** RabbitMQ's management API, e.g. http://127.0.0.1:15672/api (guest/guest); unset for the embedded broker. */
export const RABBITMQ_API = process.env.E2E_RABBITMQ_API;
const RABBITMQ_AUTH = `Basic ${Buffer.from(process.env.E2E_RABBITMQ_CREDENTIALS ?? "guest:guest").toString("base64")}`;

async function rabbit(path: string, method = "GET"): Promise<any> {
  const response = await fetch(`${RABBITMQ_API}${path}`, { method, headers: { Authorization: RABBITMQ_AUTH, "X-Reason": "e2e restart" } });
  if (!response.ok && response.status !== 404) throw new Error(`RabbitMQ API ${method} ${path}: HTTP ${response.status}`);
  return method === "GET" ? response.json() : null;
}

/** How many subscribe to the account's user topic at the broker now. */
export async function subscribers(account: Account): Promise<number> {
  const { user, topic } = (await reference(`/__reference/notify/subscribers?account=${account.username}`)) as {
    user: number | null;
    topic: string;
  };
  if (user !== null) return user;
  if (!RABBITMQ_API) throw new Error("an external broker carries the topics, but E2E_RABBITMQ_API is not set");
  // RabbitMQ's STOMP: each subscription to /topic/<key> is a queue of its own bound to amq.topic with that key.
  const bindings = (await rabbit("/exchanges/%2F/amq.topic/bindings/source")) as { routing_key: string }[];
  return bindings.filter((binding) => binding.routing_key === topic.slice("/topic/".length)).length;
}

/** The portal has subscribed to the member's user topic: what is published now is heard. */
export async function subscribed(account: Account) {
  await expect.poll(() => subscribers(account), { timeout: 15_000 }).toBeGreaterThan(0);
}

/**
 * The broker goes away and comes back, as a restart does: every connection is closed by the
 * broker (the portal's and the operator's) and their subscriptions with them. The embedded broker
 * also refuses connections for a moment; RabbitMQ's connections are closed through its API, and
 * this returns once as many are open again (the operator publishes through one of them: until it
 * is back, what it publishes waits in its queue).
 */
export async function restartBroker(): Promise<void> {
  if (!RABBITMQ_API) {
    expect(await reference("/__reference/notify/broker-restart", { downMs: 1500 })).toEqual({ downMs: 1500 });
    return;
  }
  const stompConnections = async () =>
    ((await rabbit("/connections")) as { name: string; protocol: string }[])
      .filter((connection) => /stomp/i.test(connection.protocol))
      .map((connection) => connection.name);
  const before = await stompConnections();
  expect(before.length, "the portal's and the operator's STOMP connections").toBeGreaterThanOrEqual(2);
  await Promise.all(before.map((name) => rabbit(`/connections/${encodeURIComponent(name)}`, "DELETE")));
  await expect
    .poll(async () => (await stompConnections()).filter((name) => !before.includes(name)).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(before.length);
}

/** The account's user topic has no subscription at the broker (after a logout). */
export async function unsubscribed(account: Account) {
  await expect.poll(() => subscribers(account), { timeout: 10_000 }).toBe(0);
}
