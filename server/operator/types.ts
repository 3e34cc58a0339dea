/** Public types of the reference operator (the API other code is written against). */
import type { OperatorArea } from "./http";
import type { EmbeddedBrokerOptions } from "./notify/broker";
import type { ExternalBrokerOptions } from "./notify/external";

export interface ReferenceOperatorOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** SQLite file; default ':memory:'. A file path persists (incl. the RSA key) across restarts; its directory is created. */
  dbPath?: string;
  /** Default 'test'. The /__reference/* helper routes exist only in 'test' and 'demo'. */
  mode?: "test" | "demo" | "production";
  /** Latency injected before every answer (benchmarks); default 0. */
  delayMs?: number;
  /** Language of messages when a request has no Language header; default 'CN'. */
  defaultLanguage?: "CN" | "EN";
  /** Login attempts allowed per username or device within a minute; default 10. */
  loginAttemptLimit?: number;
  /**
   * Whether the social and Telegram sign-in switches are on at start, for every merchant (default true). The offline
   * demo turns them off: Google's and Telegram's pages are on the internet, and a button that
   * can only fail is not a demo.
   */
  socialSignIn?: boolean;
  /**
   * Whether the seeded publicity pop-ups are there at start (default true). The journeys turn
   * them off: a pop-up after every login would stand over every journey's first page; the
   * publicity journey adds its own through /__reference/announcements.
   */
  publicityPopups?: boolean;
  /**
   * Base URL of what the operator hands to browsers (the demo game page a launch answers, the
   * merchants' logos); default the operator's own url. Set it when browsers reach the operator
   * under another address than the portal's server does.
   */
  publicUrl?: string;
  /**
   * The portal's origin when the portal embeds this operator (npm start, the journeys): the
   * domain routes then list the portal itself under 127.0.0.1 and localhost, as mirror domains.
   */
  portalUrl?: string;
  /**
   * The areas to serve; default AREAS (areas.ts), every one. Tests pass [...AREAS, theirOwn] to
   * serve an operation that no area has yet, e.g. to prove the relay dispatcher.
   */
  areas?: readonly OperatorArea[];
  /**
   * The STOMP broker the operator serves at `/ws/stomp` (decision 051): credentials that CONNECT
   * must then carry, heart-beat and limits. It is there in every mode.
   */
  embeddedBroker?: EmbeddedBrokerOptions;
  /**
   * Another broker to publish to instead (RabbitMQ's Web-STOMP: `{ url: "ws://127.0.0.1:15674/ws",
   * login: "guest", passcode: "guest", vhost: "/" }`). The embedded one still serves `/ws/stomp`,
   * but the operator's messages go to this one.
   */
  broker?: ExternalBrokerOptions;
}

/** One request the operator served, for tests of coalescing and concurrency. */
export interface UpstreamCall {
  method: string;
  path: string;
  /** Query string including the leading "?", or "" */
  search: string;
  startedAt: number;
  /** 0 while the request is still being handled. */
  endedAt: number;
  hasToken: boolean;
}

export interface ReferenceOperator {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  /** RSA modulus as lowercase hex (2048-bit); exponent 65537. */
  publicKeyHex: string;
  merchantCode: string;
  /** Every request served, in order of arrival. Cleared (same array) by resetCalls(). */
  calls: UpstreamCall[];
  /** Highest number of requests being handled at once since the last resetCalls(). */
  readonly maxInFlight: number;
  resetCalls(): void;
  setDelay(ms: number): void;
  /** Makes every token issued so far expired. */
  expireTokens(): void;
  /** The embedded broker, e.g. ws://127.0.0.1:41234/ws/stomp (served even when messages go to `broker`). */
  brokerUrl: string;
  /**
   * Publishes a JSON body as it is to a destination, on the broker the operator publishes to (the
   * external one when started with `broker`). Bodies of decision 051 are `{ id, type, time, ...fields }`;
   * anything else goes out too, for tests of what the portal drops.
   */
  publish(destination: string, body: object): void;
  /** Closes the broker's connections (and the external client), then the HTTP server. */
  close(): Promise<void>;
}
