/**
 * The notification journeys again with RabbitMQ as the operator's broker (decision 051): the
 * portal subscribes at RabbitMQ's Web-STOMP and the reference operator publishes there, as a
 * real operator's back end would. Needs the machine's RabbitMQ with rabbitmq_web_stomp and
 * rabbitmq_management (.ci/run enables both); `npm start` never does.
 */
import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

const stomp = process.env.E2E_RABBITMQ_STOMP ?? "ws://127.0.0.1:15674/ws";
// The journeys' helpers ask RabbitMQ who has subscribed, and restart it (e2e/broker.ts). Workers
// inherit the runner's environment, so this is read there too.
process.env.E2E_RABBITMQ_API ??= "http://127.0.0.1:15672/api";

export default defineConfig({
  ...base,
  testMatch: "notifications.spec.ts",
  outputDir: `${base.outputDir ?? "test-results"}/rabbitmq`,
  webServer: {
    ...(base.webServer as NonNullable<Parameters<typeof defineConfig>[0]["webServer"]> & { env: Record<string, string> }),
    env: {
      ...(base.webServer as { env: Record<string, string> }).env,
      OPERATOR_BROKER_URL: stomp,
      OPERATOR_BROKER_LOGIN: "guest",
      OPERATOR_BROKER_PASSCODE: "guest",
    },
  },
});
