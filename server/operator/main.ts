/**
 * CLI: `tsx server/operator/main.ts` runs the reference operator on its own (demo mode, file db).
 * Environment: OPERATOR_PORT or PORT (default 4010), HOST (default 127.0.0.1),
 * OPERATOR_DB (default .data/operator.db in the repository), OPERATOR_MODE (default demo; production when NODE_ENV=production).
 * REFERENCE_BROKER_URL (ws:// or wss://) publishes the notifications to that STOMP broker instead of the
 * embedded one, with REFERENCE_BROKER_LOGIN, REFERENCE_BROKER_PASSCODE and REFERENCE_BROKER_VHOST when it
 * asks for them (decision 051).
 */
import { fileURLToPath } from "node:url";
import { startReferenceOperator } from "./index";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
// A production process never exposes the issued codes unless told to.
const mode = process.env.OPERATOR_MODE ?? (process.env.NODE_ENV === "production" ? "production" : "demo");
if (mode !== "test" && mode !== "demo" && mode !== "production") {
  console.error(`OPERATOR_MODE must be test, demo or production, not "${mode}"`);
  process.exit(1);
}

const brokerUrl = process.env.REFERENCE_BROKER_URL?.trim();
const operator = await startReferenceOperator({
  port: Number(process.env.OPERATOR_PORT ?? process.env.PORT ?? 4010),
  host: process.env.HOST ?? "127.0.0.1",
  dbPath: process.env.OPERATOR_DB ?? `${repoRoot}.data/operator.db`,
  mode,
  broker: brokerUrl
    ? {
        url: brokerUrl,
        login: process.env.REFERENCE_BROKER_LOGIN,
        passcode: process.env.REFERENCE_BROKER_PASSCODE,
        vhost: process.env.REFERENCE_BROKER_VHOST,
      }
    : undefined,
});

console.log(`Reference operator (${mode}) listening on ${operator.url}`);
console.log(`Merchant: ${operator.merchantCode}`);
console.log(`STOMP broker: ${operator.brokerUrl}${brokerUrl ? ` (notifications go to ${brokerUrl})` : ""}`);
console.log(`Public key (hex modulus, exponent 65537): ${operator.publicKeyHex}`);

const stop = () => {
  void operator.close().then(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
