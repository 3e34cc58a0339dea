/**
 * Where the operator's messages go (decision 051): to the embedded broker, or to an external one
 * when the operator was started with `broker`. Areas call `runtime.notifications.toMember(...)`
 * after their change is committed, so a refused or rolled-back call publishes nothing. The last
 * messages are kept (bounded) for /__reference/notify/log.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../db";
import type { EmbeddedBroker } from "./broker";
import type { ExternalPublisher } from "./external";
import { sessionTopicOfKey, userTopic, type NotificationBody, type SessionMessageType, type UserMessageType } from "./topics";

/** The language of texts in a member's message: the language the member keeps, else the operator's default. */
export function textLanguageOf(memberLanguage: string | null, defaultLanguage: "CN" | "EN"): "zh" | "en" {
  const language = memberLanguage ?? defaultLanguage;
  return language === "CN" || language === "TW" ? "zh" : "en";
}

export interface PublishedMessage {
  /** Increasing: the order of publication. */
  seq: number;
  destination: string;
  /** The member the destination belongs to, when it is a user or session topic of a known member. */
  merchantCode: string | null;
  account: string | null;
  body: unknown;
  /** Where it went. */
  broker: "embedded" | "external";
}

/** Enough for a test or a demo to look back; older entries go. */
const LOG_SIZE = 500;

const RESERVED = new Set(["id", "type", "time"]);

export class Notifier {
  private readonly log: PublishedMessage[] = [];
  private seq = 0;

  constructor(
    private readonly db: Db,
    private readonly embedded: EmbeddedBroker,
    private readonly external: ExternalPublisher | null,
    private readonly now: () => number,
  ) {}

  /** Publishes a body as it is (tests publish malformed ones on purpose). */
  publish(destination: string, body: object): void {
    const text = JSON.stringify(body);
    if (this.external) this.external.publish(destination, text);
    else this.embedded.deliver(destination, text, "application/json");
    this.log.push({
      seq: ++this.seq,
      destination,
      ...this.ownerOf(destination),
      body: JSON.parse(text),
      broker: this.external ? "external" : "embedded",
    });
    if (this.log.length > LOG_SIZE) this.log.shift();
  }

  /** `{ id, type, time, ...fields }`: the operator sets id, type and time, whatever fields hold. */
  message(type: UserMessageType | SessionMessageType, fields: Record<string, unknown> = {}): NotificationBody {
    const rest = Object.fromEntries(Object.entries(fields).filter(([key, value]) => !RESERVED.has(key) && value !== undefined));
    return { id: randomUUID(), type, time: this.now(), ...rest };
  }

  /** A message on a member's user topic; answers what was sent, or null for an unknown member. */
  toMember(memberId: number, type: UserMessageType, fields: Record<string, unknown> = {}): NotificationBody | null {
    const member = this.db.prepare("SELECT merchant_code FROM members WHERE id = ?").get(memberId) as { merchant_code: string } | undefined;
    if (!member) return null;
    const body = this.message(type, fields);
    this.publish(userTopic(member.merchant_code, memberId), body);
    return body;
  }

  /** A message on the topic of one session, by its key (what the operator keeps of a token). */
  toSession(merchantCode: string, sessionKey: string, type: SessionMessageType, fields: Record<string, unknown>): NotificationBody {
    const body = this.message(type, fields);
    this.publish(sessionTopicOfKey(merchantCode, sessionKey), body);
    return body;
  }

  /** Subscriptions to a member's user topic at the embedded broker; null when an external broker carries them. */
  userSubscribers(merchantCode: string, memberId: number): number | null {
    return this.external ? null : this.embedded.subscriberCount(userTopic(merchantCode, memberId));
  }

  /** The embedded broker restarts, away for `downMs`; false when an external broker carries the topics (restart that one). */
  async restartBroker(downMs: number): Promise<boolean> {
    if (this.external) return false;
    await this.embedded.restart(downMs);
    return true;
  }

  /** What was published to a member's topics, oldest first. */
  publishedTo(merchantCode: string, account: string): PublishedMessage[] {
    const key = account.toLowerCase();
    return this.log.filter((m) => m.merchantCode === merchantCode && m.account?.toLowerCase() === key);
  }

  private ownerOf(destination: string): { merchantCode: string | null; account: string | null } {
    const user = /^\/topic\/user\.([^.]+)\.(\d+)$/.exec(destination);
    const session = /^\/topic\/session\.([^.]+)\.([0-9a-f]{32})$/.exec(destination);
    const row = user
      ? this.db.prepare("SELECT merchant_code, username FROM members WHERE merchant_code = ? AND id = ?").get(user[1], Number(user[2]))
      : session
        ? this.db
            .prepare(
              `SELECT m.merchant_code, m.username FROM sessions s JOIN members m ON m.id = s.member_id
               WHERE m.merchant_code = ? AND substr(s.token_hash, 1, 32) = ?`,
            )
            .get(session[1], session[2])
        : undefined;
    const owner = row as { merchant_code: string; username: string } | undefined;
    return { merchantCode: owner?.merchant_code ?? null, account: owner?.username ?? null };
  }
}
