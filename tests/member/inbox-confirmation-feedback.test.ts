/**
 * The inbox, payment confirmations and feedback through their route modules, against the
 * reference operator's inbox area: read state and the unread count, receipts answered once
 * (with the proof's second press), the list's 250 ms throttle, and feedback's rules.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ReferenceOperator } from "../../server/operator/index";
import { loggedIn, newBrowser } from "../support/browser";
import { moveClock } from "../support/clock";
import { startPortalEnv } from "../support/portal";

let operator: ReferenceOperator;
let root: typeof import("~/root");
let layout: typeof import("~/routes/member+/_layout");
let inbox: typeof import("~/routes/member+/messageV2");
let message: typeof import("~/routes/member+/messageV2.$id");
let confirmation: typeof import("~/routes/payment-confirmation");
let feedback: typeof import("~/routes/_content+/feedback");
let memberFeedback: typeof import("~/routes/member+/feedback");
let confirmations: typeof import("~/features/member/payment-confirmation.server");
let operatorServer: typeof import("~/operator/operator.server");
let sessions: typeof import("~/server/session.server");

beforeAll(async () => {
  operator = await startPortalEnv();
  root = await import("~/root");
  layout = await import("~/routes/member+/_layout");
  inbox = await import("~/routes/member+/messageV2");
  message = await import("~/routes/member+/messageV2.$id");
  confirmation = await import("~/routes/payment-confirmation");
  feedback = await import("~/routes/_content+/feedback");
  memberFeedback = await import("~/routes/member+/feedback");
  confirmations = await import("~/features/member/payment-confirmation.server");
  operatorServer = await import("~/operator/operator.server");
  sessions = await import("~/server/session.server");
});

afterAll(async () => {
  await operator.close();
});

afterEach(() => vi.useRealTimers());

const reference = async (path: string, init?: RequestInit) =>
  ((await (await fetch(`${operator.url}${path}`, init)).json()) as { value: any }).value;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const png = (name = "proof.png") => new File([PNG], name, { type: "image/png" });
const gif = () => new File([new TextEncoder().encode("GIF89a...")], "proof.gif", { type: "image/gif" });

describe("the inbox", () => {
  it("counts unread messages of the last 7 days in the header and the centre, and pages the list", async () => {
    const player = await loggedIn("player01", "Player123");
    const shell = await (await player.get("/", root.loader)).json();
    expect(shell.prompts.unread).toBe(5);
    expect((await (await player.get("/member", layout.loader)).json()).info.unread).toBe(5);
    const first = await (await player.get("/member/messageV2", inbox.loader)).json();
    expect(first.total).toBe(28);
    expect(first.messages).toHaveLength(10);
    expect(first.totalPages).toBe(3);
    const third = await (await player.get("/member/messageV2?page=3", inbox.loader)).json();
    expect(third.messages).toHaveLength(8);
    // Unread, whatever their age: the five of this week and two older ones.
    const unread = await (await player.get("/member/messageV2?read=unread", inbox.loader)).json();
    expect(unread.total).toBe(7);
    expect(unread.messages.every((m: { read: boolean }) => !m.read)).toBe(true);
  });

  it("marks a message read when it is opened, and the count follows", async () => {
    const player = await loggedIn("player01", "Player123");
    const { messages } = await (await player.get("/member/messageV2?read=unread", inbox.loader)).json();
    const opened = await player.get(`/member/messageV2/${messages[0].id}`, message.loader, { id: messages[0].id });
    expect(opened.status).toBe(200);
    const body = await opened.json();
    expect(body.message.content.length).toBeGreaterThan(0);
    const list = await (await player.get("/member/messageV2", inbox.loader)).json();
    expect(list.messages.find((m: { id: string }) => m.id === messages[0].id).read).toBe(true);
    expect((await (await player.get("/member", layout.loader)).json()).info.unread).toBe(4);
  });

  it("answers 404 for a message that is not the player's or not a number", async () => {
    const player = await loggedIn("agent001", "Agent1234");
    expect((await player.get("/member/messageV2/1", message.loader, { id: "1" })).status).toBe(404);
    const odd = await player.get("/member/messageV2/x", message.loader, { id: "<script>" }).catch((e: unknown) => e as Response);
    expect((odd as Response).status).toBe(404);
  });
});

describe("payment confirmation", () => {
  it("shows a member's waiting receipts one at a time; Y needs nothing, N needs the proof on the second press", async () => {
    await reference("/__reference/payment-confirmations/reset", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    const payee = await loggedIn("payee01", "Payee1234");
    expect((await (await payee.get("/", root.loader)).json()).prompts.confirmations).toBe(3);
    const page = await (await payee.get("/payment-confirmation?redirectTo=%2Felectron", confirmation.loader)).json();
    expect([page.position, page.total, page.redirectTo]).toEqual([1, 3, "/electron"]);
    const id = page.item.payDetailId;

    const yes = await payee.upload(
      "/payment-confirmation",
      { intent: "received", payDetailId: id, once: page.once, redirectTo: "/electron" },
      {},
      confirmation.action,
    );
    expect(yes.status).toBe(303);
    expect(yes.headers.get("Location")).toBe("/payment-confirmation?redirectTo=%2Felectron");

    const next = await (await payee.get("/payment-confirmation", confirmation.loader)).json();
    expect(next.total).toBe(2);
    // "Not received" without the file: the second press needs it.
    const bare = await payee.upload(
      "/payment-confirmation",
      { intent: "notReceived", payDetailId: next.item.payDetailId, once: next.once },
      {},
      confirmation.action,
    );
    expect(bare.status).toBe(400);
    expect((await bare.json()).error).toBe("confirmation_proof_required");
    const wrong = await payee.upload(
      "/payment-confirmation",
      { intent: "notReceived", payDetailId: next.item.payDetailId, once: next.once },
      { proof: gif() },
      confirmation.action,
    );
    expect((await wrong.json()).error).toBe("confirmation_proof_type");
    const no = await payee.upload(
      "/payment-confirmation",
      { intent: "notReceived", payDetailId: next.item.payDetailId, once: next.once },
      { proof: png() },
      confirmation.action,
    );
    expect(no.status).toBe(303);

    const stored = (await reference("/__reference/payment-confirmations")) as {
      payDetailId: number;
      answer: string | null;
      proofBytes: number | null;
    }[];
    expect(stored.find((r) => String(r.payDetailId) === id)?.answer).toBe("Y");
    expect(stored.find((r) => String(r.payDetailId) === next.item.payDetailId)).toMatchObject({ answer: "N", proofBytes: PNG.length });
  });

  it("answers a receipt once when the same form is posted twice at once", async () => {
    await reference("/__reference/payment-confirmations/reset", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    const payee = await loggedIn("payee01", "Payee1234");
    const page = await (await payee.get("/payment-confirmation", confirmation.loader)).json();
    operator.resetCalls();
    const fields = { intent: "received", payDetailId: page.item.payDetailId, once: page.once };
    const answers = await Promise.all([0, 1, 2].map(() => payee.upload("/payment-confirmation", fields, {}, confirmation.action)));
    expect(answers.map((a) => a.status)).toEqual([303, 303, 303]);
    expect(operator.calls.filter((c) => c.path.endsWith("_processC2CTransaction"))).toHaveLength(1);
  });

  it("asks the operator for the list at most every 250 ms per player", async () => {
    const payee = await loggedIn("payee01", "Payee1234");
    const session = await sessions.getSession(new Request("http://portal.test/", { headers: { Cookie: payee.jar.header() } }));
    const bound = operatorServer.bindOperator(session, "CN");
    const request = new Request("http://portal.test/");
    operator.resetCalls();
    await Promise.all([0, 1, 2, 3].map(() => confirmations.loadPendingConfirmations(request, bound)));
    await confirmations.loadPendingConfirmations(request, bound);
    expect(operator.calls.filter((c) => c.path.endsWith("_getPaymentConfirmationList"))).toHaveLength(1);
    moveClock(300);
    await confirmations.loadPendingConfirmations(request, bound);
    expect(operator.calls.filter((c) => c.path.endsWith("_getPaymentConfirmationList"))).toHaveLength(2);
  });

  it("sends a player without receipts back where they were", async () => {
    const player = await loggedIn("player01", "Player123");
    const answer = await player.get("/payment-confirmation?redirectTo=%2Flive", confirmation.loader);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/live");
  });
});

describe("feedback", () => {
  const deviceOf = (browser: Awaited<ReturnType<typeof newBrowser>>) =>
    JSON.parse(Buffer.from(decodeURIComponent(browser.jar.get("device_id")!), "base64").toString()) as string;
  const captchaOf = async (browser: Awaited<ReturnType<typeof newBrowser>>) =>
    (await reference(`/__reference/codes?deviceId=${deviceOf(browser)}`)).captcha as string;
  const TEXT = "The slot game froze after my spin and the balance did not change.";

  it("puts each rule beside its field, keeping what the guest wrote", async () => {
    const guest = await newBrowser();
    await guest.get("/feedback", feedback.loader);
    const empty = await guest.upload("/feedback", {}, {}, feedback.action);
    expect(empty.status).toBe(400);
    const { result } = await empty.json();
    expect(result.error).toMatchObject({
      sender: ["not_empty"],
      content: ["not_empty"],
      type: ["feedback_type_required"],
      captcha: ["not_empty"],
    });
    const short = await guest.upload(
      "/feedback",
      { sender: "Ann", content: "   too short   ", type: "3", captcha: "1234" },
      {},
      feedback.action,
    );
    const body = await short.json();
    expect(body.result.error.content).toEqual(["feedback_length"]);
    expect(body.result.initialValue).toMatchObject({ sender: "Ann", type: "3" });
    const long = await guest.upload(
      "/feedback",
      { sender: "Ann", content: "x".repeat(501), type: "3", captcha: "1234" },
      {},
      feedback.action,
    );
    expect((await long.json()).result.error.content).toEqual(["feedback_length"]);
  });

  it("refuses a wrong captcha and an image from a guest; takes the guest's words", async () => {
    const guest = await newBrowser();
    await guest.get("/feedback", feedback.loader);
    const wrong = await guest.upload("/feedback", { sender: "Ann", content: TEXT, type: "3", captcha: "00000" }, {}, feedback.action);
    expect((await wrong.json()).result.error.captcha).toEqual(["captcha_incorrect"]);
    await guest.get("/feedback", feedback.loader);
    const image = await guest.upload(
      "/feedback",
      { sender: "Ann", content: TEXT, type: "3", captcha: await captchaOf(guest) },
      { file: png() },
      feedback.action,
    );
    expect((await image.json()).result.error.file).toEqual(["feedback_image_login"]);
    await guest.get("/feedback", feedback.loader);
    const sent = await guest.upload(
      "/feedback",
      { sender: "Ann", content: `  ${TEXT}  `, type: "3", captcha: await captchaOf(guest) },
      {},
      feedback.action,
    );
    expect(sent.status).toBe(303);
    const [stored] = await reference("/__reference/feedback");
    expect(stored).toMatchObject({ sender: "Ann", content: TEXT, type: 3, memberId: null, imageBytes: null });
  });

  it("stores a player's feedback with its image", async () => {
    const player = await loggedIn("player01", "Player123");
    await player.get("/member/feedback", memberFeedback.loader);
    const sent = await player.upload(
      "/member/feedback",
      { sender: "Lucky", content: TEXT, type: "1", captcha: await captchaOf(player) },
      { file: png("screen.png") },
      memberFeedback.action,
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/member/feedback");
    const [stored] = await reference("/__reference/feedback");
    expect(stored).toMatchObject({ sender: "Lucky", type: 1, imageType: "image/png", imageBytes: PNG.length });
    expect(stored.memberId).not.toBeNull();
  });
});
