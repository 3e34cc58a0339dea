/**
 * The broker's destinations and message types (decision 051), written once: the reference
 * operator publishes with these and the portal subscribes with the same names. Only node:crypto,
 * so the portal's server can import this file as it is.
 */
import { createHash } from "node:crypto";

/** Document 002 §4: what the user topic carries. */
export const USER_MESSAGE_TYPES = [
  "MANUAL_PROMO",
  "PROMOTION_CLAIM",
  "INBOX",
  "WITHDRAW",
  "DEPOSIT",
  "ONLINE_MSG",
  "PAYMENT_CONFIRMATION",
  "AGENT_TRANSFER_AGENT_TO_DOWNLINE",
  "AGENT_TRANSFER_DOWNLINE_TO_AGENT",
] as const;
export type UserMessageType = (typeof USER_MESSAGE_TYPES)[number];

/** What the session topic carries. */
export const SESSION_MESSAGE_TYPES = ["SPEED_TEST"] as const;
export type SessionMessageType = (typeof SESSION_MESSAGE_TYPES)[number];

export const isUserMessageType = (value: unknown): value is UserMessageType =>
  typeof value === "string" && (USER_MESSAGE_TYPES as readonly string[]).includes(value);

/** Every message body: one JSON object, `content-type: application/json`. */
export interface NotificationBody {
  id: string;
  type: UserMessageType | SessionMessageType;
  /** Epoch milliseconds. */
  time: number;
  [field: string]: unknown;
}

/**
 * The session's key in its topic: the first 32 hex digits of SHA-256 of the operator token. The
 * operator works it out from the token it issued (its sessions are stored by that very hash), and
 * no destination, broker or log line ever holds the token itself.
 */
export function sessionKeyOf(token: string): string {
  return createHash("sha256").update(token).digest("hex").slice(0, 32);
}

/** RabbitMQ routes `/topic/<routing key>` through amq.topic: a key part may not hold a dot, a slash or a wildcard. */
function routingPart(name: string, value: string | number): string {
  const text = String(value);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text)) throw new Error(`${name} ${JSON.stringify(text)} cannot be part of a topic`);
  return text;
}

/** `/topic/user.<merchantCode>.<customerId>`; customerId is member info's `id`. */
export function userTopic(merchantCode: string, customerId: string | number): string {
  return `/topic/user.${routingPart("merchantCode", merchantCode)}.${routingPart("customerId", customerId)}`;
}

/** `/topic/session.<merchantCode>.<sessionKey>` of an operator token. */
export function sessionTopic(merchantCode: string, token: string): string {
  return sessionTopicOfKey(merchantCode, sessionKeyOf(token));
}

/** The session topic from a session key already worked out (the operator keeps only token hashes). */
export function sessionTopicOfKey(merchantCode: string, sessionKey: string): string {
  if (!/^[0-9a-f]{32}$/.test(sessionKey)) throw new Error("a session key is 32 lower-case hex digits");
  return `/topic/session.${routingPart("merchantCode", merchantCode)}.${sessionKey}`;
}
