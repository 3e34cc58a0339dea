/**
 * What the operator pushes to a logged-in player (decision 051, document 002 section 4) and what
 * the player sees of it. Client-safe on purpose: the server reads broker bodies with the same
 * guard before they go out on the stream, and the browser reads the stream with it again, so
 * this module imports neither zod nor decimal.js (the toast stack is on every player's page).
 */
import { memberHref } from "~/features/member/routes";
import { amountText, merchantAmountText, type MerchantCurrency } from "~/lib/money-format";

interface Envelope<T extends string> {
  id: string;
  type: T;
  /** Epoch ms, as the operator stamped it. */
  time: number;
}

export type InboxMessage = Envelope<"INBOX"> & { unread?: number; title?: string };
export type PaymentConfirmationMessage = Envelope<"PAYMENT_CONFIRMATION"> & { count?: number };
export type ManualPromoMessage = Envelope<"MANUAL_PROMO"> & { title?: string; amount?: string };
export type PromotionClaimMessage = Envelope<"PROMOTION_CLAIM"> & { title?: string; status?: "APPROVED" | "REJECTED"; remarks?: string };
// Unions of envelopes (not an envelope of a union), so that each type narrows on its own.
export type MoneyEventMessage = (Envelope<"DEPOSIT"> | Envelope<"WITHDRAW">) & {
  status: "SUCCESS" | "REJECTED";
  amount: string;
  remarks?: string;
  orderNo?: string;
};
export type AgentTransferMessage = (Envelope<"AGENT_TRANSFER_AGENT_TO_DOWNLINE"> | Envelope<"AGENT_TRANSFER_DOWNLINE_TO_AGENT">) & {
  amount: string;
  counterpart: string;
};
export type OnlineMessage = Envelope<"ONLINE_MSG"> & { message: string };

/** A message of the user topic. Amounts are decimal strings, as the operator writes them. */
export type PlayerMessage =
  | InboxMessage
  | PaymentConfirmationMessage
  | ManualPromoMessage
  | PromotionClaimMessage
  | MoneyEventMessage
  | AgentTransferMessage
  | OnlineMessage;
export type PlayerMessageType = PlayerMessage["type"];

/** A task of the session topic: time a GET of the domain's ping file and report it. */
export type SpeedTestTask = Envelope<"SPEED_TEST"> & { taskId: string; domain: string; timeoutThreshold: number };

/** Document 002 section 9: a toast closes by itself after 4.5 s ... */
export const TOAST_DURATION_MS = 4500;
/** ... but an event toast (money moved) stays until the player closes it (section 4). */
export const STICKY = 0;

/** Operator texts shown in a toast; anything longer is not a message we accept. */
export const TEXT_MAX = 500;
const ID_MAX = 128;
const NAME_MAX = 64;
const COUNT_MAX = 1_000_000;
/** Longest speed-test timeout we honour: a task that waits longer is not a speed test. */
const SPEED_TIMEOUT_MAX = 120_000;
/** Non-negative, at most 20 integer and 20 fraction digits (money.ts's precision). */
const AMOUNT = /^\d{1,20}(?:\.\d{1,20})?$/;
const HOST = /^(?:https?:\/\/)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?\/?$/i;

/**
 * Reads one object's own data properties, never its getters or prototype (a hostile body may be
 * built to run code when read), and notes whether any listed field was malformed: a message
 * whose field has the wrong shape is dropped whole rather than shown in part.
 */
function fieldReader(record: object) {
  let bad = false;
  const raw = (key: string): unknown => {
    const d = Object.getOwnPropertyDescriptor(record, key);
    return d && "value" in d ? d.value : undefined;
  };
  const fail = () => {
    bad = true;
    return undefined;
  };
  return {
    get bad() {
      return bad;
    },
    /** Trimmed text; an empty optional text is the same as none. */
    text(key: string, max: number, required = false): string | undefined {
      const v = raw(key);
      if (v === undefined || v === null) return required ? fail() : undefined;
      if (typeof v !== "string" || v.length > max) return fail();
      const trimmed = v.trim();
      return trimmed ? trimmed : required ? fail() : undefined;
    },
    count(key: string): number | undefined {
      const v = raw(key);
      if (v === undefined || v === null) return undefined;
      return Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= COUNT_MAX ? (v as number) : fail();
    },
    amount(key: string, required = false): string | undefined {
      const v = raw(key);
      if ((v === undefined || v === null) && !required) return undefined;
      return typeof v === "string" && AMOUNT.test(v) ? v : fail();
    },
    oneOf<T extends string>(key: string, values: readonly T[], required = false): T | undefined {
      const v = raw(key);
      if ((v === undefined || v === null) && !required) return undefined;
      const upper = typeof v === "string" ? v.toUpperCase() : null;
      return upper !== null && (values as readonly string[]).includes(upper) ? (upper as T) : fail();
    },
    /** An id: text, or a whole number as some brokers write them. */
    id(key: string): string | undefined {
      const v = raw(key);
      if (Number.isSafeInteger(v) && (v as number) >= 0) return String(v);
      return this.text(key, ID_MAX, true);
    },
    time(key: string): number | undefined {
      const v = raw(key);
      return Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : fail();
    },
  };
}

type Reader = ReturnType<typeof fieldReader>;

/** A plain object (JSON's kind), not an array, a class instance or a boxed value. */
function plainObject(value: unknown): object | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null ? value : null;
}

/** Only the fields given a value: a message carries no key it did not have. */
function defined<T extends object>(fields: T): T {
  for (const key of Object.keys(fields) as (keyof T)[]) if (fields[key] === undefined) delete fields[key];
  return fields;
}

const readers: { [K in PlayerMessageType]: (r: Reader) => Omit<Extract<PlayerMessage, { type: K }>, keyof Envelope<K>> } = {
  INBOX: (r) => ({ unread: r.count("unread"), title: r.text("title", TEXT_MAX) }),
  PAYMENT_CONFIRMATION: (r) => ({ count: r.count("count") }),
  MANUAL_PROMO: (r) => ({ title: r.text("title", TEXT_MAX), amount: r.amount("amount") }),
  PROMOTION_CLAIM: (r) => ({
    title: r.text("title", TEXT_MAX),
    status: r.oneOf("status", ["APPROVED", "REJECTED"] as const),
    remarks: r.text("remarks", TEXT_MAX),
  }),
  DEPOSIT: (r) => moneyEvent(r),
  WITHDRAW: (r) => moneyEvent(r),
  AGENT_TRANSFER_AGENT_TO_DOWNLINE: (r) => agentTransfer(r),
  AGENT_TRANSFER_DOWNLINE_TO_AGENT: (r) => agentTransfer(r),
  ONLINE_MSG: (r) => ({ message: r.text("message", TEXT_MAX, true)! }),
};

function moneyEvent(r: Reader) {
  return {
    status: r.oneOf("status", ["SUCCESS", "REJECTED"] as const, true)!,
    amount: r.amount("amount", true)!,
    remarks: r.text("remarks", TEXT_MAX),
    orderNo: r.text("orderNo", NAME_MAX),
  };
}

function agentTransfer(r: Reader) {
  return { amount: r.amount("amount", true)!, counterpart: r.text("counterpart", NAME_MAX, true)! };
}

export const PLAYER_MESSAGE_TYPES = Object.keys(readers) as PlayerMessageType[];

/**
 * The messages that change what the pages show of the player (badges, balance, receipts): after
 * one the page reads its data again, and the portal first forgets what it kept of those figures.
 */
export const CHANGES_FIGURES: ReadonlySet<PlayerMessageType> = new Set([
  "INBOX",
  "MANUAL_PROMO",
  "PROMOTION_CLAIM",
  "DEPOSIT",
  "WITHDRAW",
  "AGENT_TRANSFER_AGENT_TO_DOWNLINE",
  "AGENT_TRANSFER_DOWNLINE_TO_AGENT",
  "PAYMENT_CONFIRMATION",
]);

function envelope(value: unknown): { r: Reader; id: string; type: string; time: number } | null {
  const record = plainObject(value);
  if (!record) return null;
  const r = fieldReader(record);
  const type = r.text("type", 64, true);
  const id = r.id("id");
  const time = r.time("time");
  return r.bad ? null : { r, id: id!, type: type!, time: time! };
}

/**
 * A user-topic body as a PlayerMessage, or null when it is not one of decision 051's shapes.
 * Unknown fields are left behind; nothing a body holds makes this throw.
 */
export function readPlayerMessage(value: unknown): PlayerMessage | null {
  try {
    const head = envelope(value);
    if (!head || !Object.hasOwn(readers, head.type)) return null;
    const type = head.type as PlayerMessageType;
    const fields = readers[type](head.r);
    return head.r.bad ? null : (defined({ id: head.id, type, time: head.time, ...fields }) as PlayerMessage);
  } catch {
    // A proxy or an exotic object that throws when read is no message.
    return null;
  }
}

/** A session-topic body as a speed-test task, or null. */
export function readSpeedTestTask(value: unknown): SpeedTestTask | null {
  try {
    const head = envelope(value);
    if (!head || head.type !== "SPEED_TEST") return null;
    const taskId = head.r.id("taskId");
    const domain = head.r.text("domain", 253, true);
    const timeoutThreshold = head.r.count("timeoutThreshold");
    if (head.r.bad || !domain || !HOST.test(domain) || !timeoutThreshold || timeoutThreshold > SPEED_TIMEOUT_MAX) return null;
    return { id: head.id, type: "SPEED_TEST", time: head.time, taskId: taskId!, domain, timeoutThreshold };
  } catch {
    return null;
  }
}

export type ToastTone = "success" | "error" | "info";

export interface ToastSpec {
  /** The same id twice is one toast: a message id keeps a redelivered message from showing again. */
  id?: string;
  tone: ToastTone;
  title: string;
  /** One paragraph per line. */
  body?: string | readonly string[];
  /** In ms; STICKY (0) stays until closed. TOAST_DURATION_MS when left out. */
  duration?: number;
  link?: { href: string; label: string };
}

/** What toastFor needs of i18next's t: a key and its values in, the text out. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Where the spec's payment-confirmation notice leads (payment-confirmation-prompt.tsx's PATH). */
const PAYMENT_CONFIRMATION_PATH = "/payment-confirmation";

const lines = (...texts: (string | false | null | undefined)[]) => texts.filter((text): text is string => Boolean(text));

/**
 * The toast a message gives, in the player's language; null when there is nothing to say (no
 * receipt waiting, an inbox count with nothing unread). `money` writes amounts the merchant's way.
 */
export function toastFor(message: PlayerMessage, t: Translate, money?: MerchantCurrency): ToastSpec | null {
  const amount = (value: string) => (money ? merchantAmountText(money, value) : amountText(value)) ?? value;
  const records = { href: memberHref("transactionHistory"), label: t("notify_view_records") };
  const rewards = { href: memberHref("rewardCenter"), label: t("notify_view_rewards") };
  const id = message.id;
  switch (message.type) {
    case "DEPOSIT":
    case "WITHDRAW": {
      const success = message.status === "SUCCESS";
      const deposit = message.type === "DEPOSIT";
      const title = deposit
        ? success
          ? t("notify_deposit_success")
          : t("notify_deposit_rejected")
        : success
          ? t("notify_withdraw_success")
          : t("notify_withdraw_rejected");
      const body = lines(
        t("notify_amount", { amount: amount(message.amount) }),
        !success && message.remarks && t("notify_remarks", { remarks: message.remarks }),
        message.orderNo && t("notify_order", { orderNo: message.orderNo }),
      );
      return { id, tone: success ? "success" : "error", title, body, duration: STICKY, link: records };
    }
    case "AGENT_TRANSFER_AGENT_TO_DOWNLINE":
    case "AGENT_TRANSFER_DOWNLINE_TO_AGENT": {
      // Both accounts get the same type; the counterpart is the other one, so the text names the
      // direction of the money, not the reader's side of it.
      const title = message.type === "AGENT_TRANSFER_AGENT_TO_DOWNLINE" ? t("notify_transfer_to_downline") : t("notify_transfer_to_upline");
      const body = lines(t("notify_amount", { amount: amount(message.amount) }), t("notify_counterpart", { account: message.counterpart }));
      return { id, tone: "success", title, body, duration: STICKY, link: records };
    }
    case "MANUAL_PROMO": {
      const body = lines(message.title, message.amount && t("notify_amount", { amount: amount(message.amount) }));
      return { id, tone: "success", title: t("notify_manual_promo"), body, duration: TOAST_DURATION_MS, link: rewards };
    }
    case "PROMOTION_CLAIM": {
      const rejected = message.status === "REJECTED";
      const title =
        message.status === "APPROVED"
          ? t("notify_promotion_approved")
          : rejected
            ? t("notify_promotion_rejected")
            : t("notify_promotion_claim");
      const tone = message.status === "APPROVED" ? "success" : rejected ? "error" : "info";
      const body = lines(message.title, rejected && message.remarks && t("notify_remarks", { remarks: message.remarks }));
      return { id, tone, title, body, duration: TOAST_DURATION_MS, link: rewards };
    }
    case "INBOX": {
      const body = message.title ?? (message.unread ? t("notify_inbox_unread", { count: message.unread }) : null);
      if (!body) return null;
      const link = { href: memberHref("messageV2"), label: t("notify_view_inbox") };
      return { id, tone: "info", title: t("notify_inbox"), body, duration: TOAST_DURATION_MS, link };
    }
    case "ONLINE_MSG":
      return { id, tone: "info", title: t("notify_online_msg"), body: message.message, duration: TOAST_DURATION_MS };
    case "PAYMENT_CONFIRMATION": {
      if (message.count === 0) return null;
      const body = message.count ? t("confirmation_waiting", { count: message.count }) : undefined;
      const link = { href: PAYMENT_CONFIRMATION_PATH, label: t("confirmation_open") };
      return { id, tone: "info", title: t("notify_payment_confirmation"), body, duration: TOAST_DURATION_MS, link };
    }
    default:
      return null;
  }
}
