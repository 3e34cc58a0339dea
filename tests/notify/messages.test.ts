/**
 * The operator's pushed messages (decision 051): the guard takes exactly the listed shapes and
 * nothing odd, whatever the broker hands it; each message gives the toast the spec asks for, in
 * all six languages.
 */
import { readFileSync } from "node:fs";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { i18nOptions, LOCALES } from "~/i18n/config";
import { resources } from "~/i18n/resources";
import {
  PLAYER_MESSAGE_TYPES,
  readPlayerMessage,
  readSpeedTestTask,
  STICKY,
  TEXT_MAX,
  TOAST_DURATION_MS,
  toastFor,
  type PlayerMessage,
  type Translate,
} from "~/features/notify/messages";

const head = { id: "m-1", time: 1_796_000_000_000 };

/** One valid body of each type, as the broker carries it (with a field of no use to us). */
const VALID: Record<string, Record<string, unknown>> = {
  INBOX: { ...head, type: "INBOX", unread: 3, title: "Weekly news" },
  PAYMENT_CONFIRMATION: { ...head, type: "PAYMENT_CONFIRMATION", count: 2 },
  MANUAL_PROMO: { ...head, type: "MANUAL_PROMO", title: "Weekend bonus", amount: "88.8" },
  PROMOTION_CLAIM: { ...head, type: "PROMOTION_CLAIM", title: "First deposit", status: "REJECTED", remarks: "Turnover not met" },
  DEPOSIT: { ...head, type: "DEPOSIT", status: "SUCCESS", amount: "1234.5", orderNo: "D2026120200001" },
  WITHDRAW: { ...head, type: "WITHDRAW", status: "REJECTED", amount: "500", remarks: "Bank details do not match" },
  AGENT_TRANSFER_AGENT_TO_DOWNLINE: { ...head, type: "AGENT_TRANSFER_AGENT_TO_DOWNLINE", amount: "100.00", counterpart: "player01" },
  AGENT_TRANSFER_DOWNLINE_TO_AGENT: { ...head, type: "AGENT_TRANSFER_DOWNLINE_TO_AGENT", amount: "0.5", counterpart: "agent7" },
  ONLINE_MSG: { ...head, type: "ONLINE_MSG", message: "Maintenance tonight at 02:00." },
};

const read = (body: Record<string, unknown>) => readPlayerMessage(body) as PlayerMessage;
const EVENTS = ["DEPOSIT", "WITHDRAW", "AGENT_TRANSFER_AGENT_TO_DOWNLINE", "AGENT_TRANSFER_DOWNLINE_TO_AGENT"];

describe("readPlayerMessage", () => {
  it("knows the nine user-topic types of decision 051", () => {
    expect([...PLAYER_MESSAGE_TYPES].sort()).toEqual(Object.keys(VALID).sort());
  });

  it.each(Object.entries(VALID))("accepts a %s body and keeps its fields, no others", (_type, body) => {
    expect(readPlayerMessage({ ...body, extra: "dropped", nested: { deep: true } })).toEqual(body);
  });

  it("leaves out optional fields that are absent, null or blank, and trims text", () => {
    expect(readPlayerMessage({ ...head, type: "INBOX", title: "  Hi  ", unread: null })).toEqual({ ...head, type: "INBOX", title: "Hi" });
    expect(readPlayerMessage({ ...head, type: "PROMOTION_CLAIM", title: " ", remarks: "" })).toEqual({ ...head, type: "PROMOTION_CLAIM" });
    expect(readPlayerMessage({ ...head, type: "PAYMENT_CONFIRMATION" })).toEqual({ ...head, type: "PAYMENT_CONFIRMATION" });
  });

  it("reads a whole-number id as text and a lower-case status as the operator's", () => {
    expect(read({ ...VALID.DEPOSIT, id: 42, status: "success" })).toMatchObject({ id: "42", status: "SUCCESS" });
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["a string", JSON.stringify(VALID.INBOX)],
    ["a number", 7],
    ["an array", [VALID.INBOX]],
    ["an array dressed as a message", Object.assign([], VALID.INBOX)],
    ["a Date", new Date()],
    ["a boxed string", Object("INBOX")],
  ])("rejects %s", (_what, value) => {
    expect(readPlayerMessage(value)).toBeNull();
  });

  it.each([
    ["no id", { ...VALID.INBOX, id: undefined }],
    ["an empty id", { ...VALID.INBOX, id: "  " }],
    ["a long id", { ...VALID.INBOX, id: "x".repeat(129) }],
    ["a fractional id", { ...VALID.INBOX, id: 1.5 }],
    ["no time", { ...VALID.INBOX, time: undefined }],
    ["a time in text", { ...VALID.INBOX, time: "1796000000000" }],
    ["an infinite time", { ...VALID.INBOX, time: Infinity }],
    ["a NaN time", { ...VALID.INBOX, time: NaN }],
    ["no type", { ...VALID.INBOX, type: undefined }],
    ["an unknown type", { ...VALID.INBOX, type: "LOTTERY_WIN" }],
    ["a session-topic type", { ...VALID.INBOX, type: "SPEED_TEST" }],
    ["an Object.prototype name as type", { ...VALID.INBOX, type: "toString" }],
    ["__proto__ as type", { ...VALID.INBOX, type: "__proto__" }],
    ["constructor as type", { ...VALID.INBOX, type: "constructor" }],
    ["a title one over the limit", { ...VALID.INBOX, title: "t".repeat(TEXT_MAX + 1) }],
    ["a megabyte of title", { ...VALID.INBOX, title: "t".repeat(1 << 20) }],
    ["a title that is not text", { ...VALID.INBOX, title: { toString: (): string => "hi" } }],
    ["a negative unread count", { ...VALID.INBOX, unread: -1 }],
    ["a fractional unread count", { ...VALID.INBOX, unread: 1.5 }],
    ["an infinite unread count", { ...VALID.INBOX, unread: Infinity }],
    ["a NaN count", { ...VALID.PAYMENT_CONFIRMATION, count: NaN }],
    ["a count in text", { ...VALID.PAYMENT_CONFIRMATION, count: "2" }],
    ["an absurd count", { ...VALID.PAYMENT_CONFIRMATION, count: Number.MAX_SAFE_INTEGER }],
    ["a deposit without status", { ...VALID.DEPOSIT, status: undefined }],
    ["a deposit with another status", { ...VALID.DEPOSIT, status: "PENDING" }],
    ["a deposit without amount", { ...VALID.DEPOSIT, amount: undefined }],
    ["an amount as a number", { ...VALID.DEPOSIT, amount: 100 }],
    ["a negative amount", { ...VALID.DEPOSIT, amount: "-5" }],
    ["an amount in exponent notation", { ...VALID.DEPOSIT, amount: "1e400" }],
    ["an amount that is not one", { ...VALID.DEPOSIT, amount: "NaN" }],
    ["an amount of 10,000 digits", { ...VALID.DEPOSIT, amount: "9".repeat(10_000) }],
    ["remarks over the limit", { ...VALID.WITHDRAW, remarks: "r".repeat(TEXT_MAX + 1) }],
    ["a promotion claim with another status", { ...VALID.PROMOTION_CLAIM, status: "MAYBE" }],
    ["a transfer without counterpart", { ...VALID.AGENT_TRANSFER_AGENT_TO_DOWNLINE, counterpart: undefined }],
    ["a transfer with a blank counterpart", { ...VALID.AGENT_TRANSFER_AGENT_TO_DOWNLINE, counterpart: " " }],
    ["an online message without text", { ...VALID.ONLINE_MSG, message: "" }],
    ["an online message over the limit", { ...VALID.ONLINE_MSG, message: "m".repeat(TEXT_MAX + 1) }],
  ])("rejects a body with %s", (_what, body) => {
    expect(readPlayerMessage(body)).toBeNull();
  });

  it("reads own fields only: nothing from a prototype, a __proto__ key or a getter", () => {
    expect(readPlayerMessage(Object.create(VALID.INBOX))).toBeNull();
    expect(readPlayerMessage(JSON.parse(`{"__proto__": ${JSON.stringify(VALID.INBOX)}}`))).toBeNull();
    const polluted = readPlayerMessage(JSON.parse(`{"__proto__": {"admin": true}, ${JSON.stringify(VALID.ONLINE_MSG).slice(1)}`));
    expect(polluted).toEqual(VALID.ONLINE_MSG);
    expect(Object.getPrototypeOf(polluted)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    let ran = false;
    const withGetter = Object.defineProperty({ ...VALID.ONLINE_MSG }, "message", {
      enumerable: true,
      get: () => ((ran = true), "from a getter"),
    });
    expect(readPlayerMessage(withGetter)).toBeNull();
    expect(ran).toBe(false);
    expect(readPlayerMessage(Object.assign(Object.create(null), VALID.INBOX))).toEqual(VALID.INBOX);
    class Message {
      constructor() {
        Object.assign(this, VALID.INBOX);
      }
    }
    expect(readPlayerMessage(new Message())).toBeNull();
  });

  it("never throws, even on an object that throws when touched", () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error("boom");
        },
        getOwnPropertyDescriptor: () => {
          throw new Error("boom");
        },
        getPrototypeOf: () => Object.prototype,
      },
    );
    expect(() => readPlayerMessage(hostile)).not.toThrow();
    expect(readPlayerMessage(hostile)).toBeNull();
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    expect(readPlayerMessage(revocable.proxy)).toBeNull();
    expect(readSpeedTestTask(revocable.proxy)).toBeNull();
  });
});

describe("readSpeedTestTask", () => {
  const task = { ...head, type: "SPEED_TEST", taskId: "t-9", domain: "cdn.example.com", timeoutThreshold: 3000 };

  it("accepts a session-topic task and nothing of the user topic", () => {
    expect(readSpeedTestTask({ ...task, extra: 1 })).toEqual(task);
    expect(readSpeedTestTask({ ...task, taskId: 9 })).toEqual({ ...task, taskId: "9" });
    expect(readSpeedTestTask({ ...task, domain: "https://a-1.example.com:8443/" })).not.toBeNull();
    expect(readSpeedTestTask(VALID.INBOX)).toBeNull();
    expect(readPlayerMessage(task)).toBeNull();
  });

  it.each([
    ["a path on the domain", { domain: "example.com/../../admin" }],
    ["another scheme", { domain: "file://etc/passwd" }],
    ["credentials in the domain", { domain: "user:pw@example.com" }],
    ["a blank domain", { domain: "" }],
    ["a zero timeout", { timeoutThreshold: 0 }],
    ["an infinite timeout", { timeoutThreshold: Infinity }],
    ["a timeout of a day", { timeoutThreshold: 86_400_000 }],
    ["no task id", { taskId: undefined }],
  ])("rejects %s", (_what, change) => {
    expect(readSpeedTestTask({ ...task, ...change })).toBeNull();
  });
});

/** A t that records the keys asked for and answers "key{values}". */
function recordingT() {
  const keys = new Set<string>();
  const t: Translate = (key, values) => {
    keys.add(key);
    return values ? `${key}${JSON.stringify(values)}` : key;
  };
  return { t, keys };
}

describe("toastFor", () => {
  it.each(Object.keys(VALID))("gives %s the spec's duration: event toasts stay, the rest go after 4.5 s", (type) => {
    const spec = toastFor(read(VALID[type]), recordingT().t)!;
    expect(spec.duration).toBe(EVENTS.includes(type) ? STICKY : TOAST_DURATION_MS);
    expect(STICKY).toBe(0);
    expect(TOAST_DURATION_MS).toBe(4500);
    // The message id keeps a redelivered message to one toast.
    expect(spec.id).toBe(head.id);
  });

  it("says success or rejection of a deposit or withdrawal, with the amount, and the remarks only on rejection", () => {
    const { t } = recordingT();
    const ok = toastFor(read({ ...VALID.DEPOSIT, remarks: "ignored" }), t)!;
    expect(ok).toMatchObject({ tone: "success", title: "notify_deposit_success", link: { href: "/member/transactionHistory" } });
    expect(ok.body).toEqual(['notify_amount{"amount":"1,234.50"}', 'notify_order{"orderNo":"D2026120200001"}']);
    const refused = toastFor(read(VALID.WITHDRAW), t)!;
    expect(refused).toMatchObject({ tone: "error", title: "notify_withdraw_rejected" });
    expect(refused.body).toEqual(['notify_amount{"amount":"500.00"}', 'notify_remarks{"remarks":"Bank details do not match"}']);
    expect(toastFor(read({ ...VALID.DEPOSIT, status: "REJECTED" }), t)!.title).toBe("notify_deposit_rejected");
    expect(toastFor(read({ ...VALID.WITHDRAW, status: "SUCCESS" }), t)!.title).toBe("notify_withdraw_success");
  });

  it("writes amounts the merchant's way when told how", () => {
    const spec = toastFor(read(VALID.DEPOSIT), recordingT().t, { currencySymbol: "R$", currency: "BRL" })!;
    expect(spec.body![0]).toBe('notify_amount{"amount":"R$1.234,50"}');
  });

  it("names the promotion, the counterpart and the message where the spec does, and links the pages that help", () => {
    const { t } = recordingT();
    expect(toastFor(read(VALID.MANUAL_PROMO), t)).toMatchObject({
      title: "notify_manual_promo",
      body: ["Weekend bonus", 'notify_amount{"amount":"88.80"}'],
      link: { href: "/member/rewardCenter" },
    });
    expect(toastFor(read(VALID.PROMOTION_CLAIM), t)).toMatchObject({
      tone: "error",
      title: "notify_promotion_rejected",
      body: ["First deposit", 'notify_remarks{"remarks":"Turnover not met"}'],
    });
    expect(toastFor(read({ ...VALID.PROMOTION_CLAIM, status: "APPROVED" }), t)).toMatchObject({
      tone: "success",
      title: "notify_promotion_approved",
      body: ["First deposit"],
    });
    expect(toastFor(read({ ...VALID.PROMOTION_CLAIM, status: undefined }), t)).toMatchObject({
      tone: "info",
      title: "notify_promotion_claim",
    });
    expect(toastFor(read(VALID.INBOX), t)).toMatchObject({
      title: "notify_inbox",
      body: "Weekly news",
      link: { href: "/member/messageV2" },
    });
    expect(toastFor(read(VALID.ONLINE_MSG), t)).toMatchObject({ title: "notify_online_msg", body: "Maintenance tonight at 02:00." });
    expect(toastFor(read(VALID.PAYMENT_CONFIRMATION), t)).toMatchObject({
      title: "notify_payment_confirmation",
      body: 'confirmation_waiting{"count":2}',
      link: { href: "/payment-confirmation" },
    });
    expect(toastFor(read(VALID.AGENT_TRANSFER_AGENT_TO_DOWNLINE), t)).toMatchObject({
      title: "notify_transfer_to_downline",
      body: ['notify_amount{"amount":"100.00"}', 'notify_counterpart{"account":"player01"}'],
    });
    expect(toastFor(read(VALID.AGENT_TRANSFER_DOWNLINE_TO_AGENT), t)!.title).toBe("notify_transfer_to_upline");
  });

  it("says nothing when there is nothing to say", () => {
    const { t } = recordingT();
    expect(toastFor(read({ ...head, type: "INBOX", unread: 0 }), t)).toBeNull();
    expect(toastFor(read({ ...head, type: "PAYMENT_CONFIRMATION", count: 0 }), t)).toBeNull();
    expect(toastFor(read({ ...head, type: "INBOX", unread: 4 }), t)!.body).toBe('notify_inbox_unread{"count":4}');
    expect(toastFor({ ...head, type: "SPEED_TEST" } as unknown as PlayerMessage, t)).toBeNull();
  });

  it("has every text it and the stack use in all six languages, with the values filled in", async () => {
    const { t, keys } = recordingT();
    const variants = [
      ...Object.values(VALID),
      { ...VALID.DEPOSIT, status: "REJECTED", remarks: "x" },
      { ...VALID.WITHDRAW, status: "SUCCESS" },
      { ...VALID.PROMOTION_CLAIM, status: "APPROVED" },
      { ...VALID.PROMOTION_CLAIM, status: undefined },
      { ...head, type: "INBOX", unread: 2 },
    ];
    for (const body of variants) toastFor(read(body), t);
    for (const m of readFileSync("app/features/notify/toasts.tsx", "utf8").matchAll(/\bt\("([^"]+)"/g)) keys.add(m[1]);
    expect(keys.size).toBeGreaterThanOrEqual(20);
    for (const lng of LOCALES) {
      const common = (resources as Record<string, Record<string, Record<string, string>>>)[lng].common;
      const i18n = i18next.createInstance();
      await i18n.init({ ...i18nOptions, lng, resources });
      const fixed = i18n.getFixedT(lng) as unknown as Translate;
      for (const key of keys) expect(common[key]?.trim(), `${lng}:${key}`).toBeTruthy();
      for (const body of variants) {
        const spec = toastFor(read(body), fixed)!;
        const texts = [spec.title, ...[spec.body ?? []].flat(), spec.link?.label ?? ""];
        for (const text of texts) expect(text, `${lng}: ${text}`).not.toMatch(/\{\{|notify_|confirmation_/);
      }
    }
  });
});
