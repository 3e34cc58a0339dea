/**
 * The reference operator's promotions area (decision 027): available promotions by type, the
 * promotion list with claim states, claims with images and every limit enforced on the
 * operator's side, the claim list, tasks and their requests, raffles (running, not started,
 * ended) and the test helpers. Each answer parses with the portal's own schema.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  promotionClaimListAnswer,
  promotionListAnswer,
  raffleAnswer,
  raffleClaimAnswer,
  raffleStatusAnswer,
  taskListAnswer,
} from "~/operator/answers";
import { promotionFlags } from "~/features/member/centre.server";
import { startReferenceOperator, type ReferenceOperator } from "../../server/operator/index";
import { call, post, tokenFor } from "../support/operator-calls";

let op: ReferenceOperator;
let token: string;
beforeAll(async () => {
  op = await startReferenceOperator();
  token = await tokenFor(op, "player01", "Player123");
});
afterAll(() => op.close());
beforeEach(async () => {
  await post(op, "/__reference/promotion-claims/reset", { username: "player01" });
});

const relay = (operation: string, body: unknown = {}, language = "EN") => post(op, `/wps/relay/${operation}`, body, { token, language });

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const dataUrl = (bytes: Buffer, mime = "image/png") => `data:${mime};base64,${bytes.toString("base64")}`;

async function promotions(language = "EN") {
  const json = await relay("MCSFE_getPromotionList", {}, language);
  expect(json.success).toBe(true);
  return promotionListAnswer.parse(json.value).list;
}
const byTitle = async (title: string) => (await promotions()).find((p) => p.title === title)!;
/** Claims made in the test (player01's seeded history has two: approved and rejected). */
const newClaims = async () =>
  ((await call(op, "/__reference/promotion-claims?username=player01")).value as { status: string; created_at: number }[]).filter(
    (c) => c.status === "PENDING",
  ) as any[];

describe("promotions: what a member can claim", () => {
  it("answers available promotions keyed by type: counts, and MISSION / REFERRAL with count and enabled", async () => {
    const json = await relay("MCSFE_getAvailablePromotions");
    expect(json.success).toBe(true);
    const v = json.value;
    for (const type of ["MANUAL", "RAFFLE", "TICKET", "REGISTER", "LOGIN", "SAVIOR", "MISSION_MANUAL"])
      expect(typeof v[type]).toBe("number");
    expect(v.MANUAL).toBe(1); // the weekly cashback is approved already
    expect(v.LOGIN).toBe(1); // rejected: claimable again
    expect(v.RAFFLE).toBe(1); // one running raffle
    expect(v.MISSION).toEqual({ count: 1, enabled: true });
    expect(v.REFERRAL).toEqual({ count: 1, enabled: true });
    expect(promotionFlags(v).available).toBe(7);
  });

  it("lists the apply-dialog promotions with their rules, states and names in the member's language", async () => {
    const list = await promotions();
    expect(list.map((p) => p.type)).toEqual(["MANUAL", "MANUAL", "TICKET", "REGISTER", "LOGIN", "SAVIOR", "MISSION_MANUAL"]);
    const first = list[0];
    expect(first).toMatchObject({
      title: "First deposit bonus",
      remarkRequired: true,
      imageRequired: true,
      claimStatus: null,
      claimable: true,
    });
    expect(list[1]).toMatchObject({ claimStatus: "APPROVED", claimable: false });
    expect(list[4]).toMatchObject({ claimStatus: "REJECTED", claimable: true });
    expect(list[6].linkedPromotionId).toBeGreaterThan(0);
    expect((await promotions("zh_CN"))[0].title).toBe("首存红利申请");
  });
});

describe("promotions: claims with images", () => {
  it("stores a claim with its images, makes the promotion PENDING and lists it", async () => {
    const promotion = await byTitle("First deposit bonus");
    const json = await relay("MCSFE_claimReward", {
      promotionId: promotion.id,
      remarks: "  deposit 100  ",
      pictures: [dataUrl(PNG), dataUrl(JPEG, "image/jpeg")],
    });
    expect(json.success, json.message).toBe(true);
    expect((await byTitle("First deposit bonus")).claimStatus).toBe("PENDING");
    const stored = await newClaims();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: "PENDING", remarks: "deposit 100", image_count: 2 });
    expect(stored[0].images).toEqual([
      { kind: "png", size: PNG.length },
      { kind: "jpeg", size: JPEG.length },
    ]);
    const list = promotionClaimListAnswer.parse((await relay("MCS2_getPromotionClaimList", { pageNo: 1, pageSize: 10 })).value);
    expect(list.total).toBe(3);
    expect(list.list[0]).toMatchObject({ promotionTitle: "First deposit bonus", status: "PENDING", imageCount: 2 });
    expect(list.list[0].createdAtStr).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // A second claim of a pending promotion is refused.
    const again = await relay("MCSFE_claimReward", { promotionId: promotion.id, remarks: "x", pictures: [dataUrl(PNG)] });
    expect(again).toMatchObject({ success: false, errorCode: "promotion.already.claimed" });
  });

  it("enforces every limit itself", async () => {
    const strict = await byTitle("First deposit bonus");
    const cases: [unknown, string][] = [
      [{ remarks: "", pictures: [dataUrl(PNG)] }, "promotion.remark.required"],
      [{ remarks: "a".repeat(141), pictures: [dataUrl(PNG)] }, "promotion.remark.too.long"],
      [{ remarks: "ok", pictures: [] }, "promotion.image.required"],
      [{ remarks: "ok", pictures: [dataUrl(PNG), dataUrl(PNG), dataUrl(PNG), dataUrl(PNG)] }, "promotion.image.too.many"],
      [{ remarks: "ok", pictures: [dataUrl(Buffer.concat([PNG, Buffer.alloc(5_242_880)]))] }, "promotion.image.too.large"],
      [{ remarks: "ok", pictures: [dataUrl(Buffer.from("GIF89a......"), "image/gif")] }, "promotion.image.type"],
      [{ remarks: "ok", pictures: [dataUrl(Buffer.from("not an image at all"), "image/jpeg")] }, "promotion.image.type"],
    ];
    for (const [body, code] of cases) {
      const json = await relay("MCSFE_claimReward", { promotionId: strict.id, ...(body as object) });
      expect(json, code).toMatchObject({ success: false, errorCode: code });
    }
    expect(await newClaims()).toEqual([]);
    // Exactly at the limit is fine: 5,242,880 bytes.
    const max = Buffer.concat([PNG, Buffer.alloc(5_242_880 - PNG.length)]);
    const json = await relay("MCSFE_claimReward", { promotionId: strict.id, remarks: "a".repeat(140), pictures: [dataUrl(max)] });
    expect(json.success, json.message).toBe(true);
  });

  it("refuses unknown promotions and kinds claimed elsewhere", async () => {
    expect(await relay("MCSFE_claimReward", { promotionId: 999_999 })).toMatchObject({ errorCode: "promotion.not.found" });
    expect(await relay("MCSFE_claimReward", { promotionId: "x; drop" })).toMatchObject({ errorCode: "promotion.not.found" });
  });

  it("lets the back office decide a claim", async () => {
    const promotion = await byTitle("Sign-up bonus");
    expect((await relay("MCSFE_claimReward", { promotionId: promotion.id })).success).toBe(true);
    const [claim] = await newClaims();
    expect((await post(op, "/__reference/promotion-claims/decide", { claimId: claim.id, status: "REJECTED" })).success).toBe(true);
    expect((await byTitle("Sign-up bonus")).claimStatus).toBe("REJECTED");
  });
});

describe("promotions: tasks", () => {
  it("lists tasks per type with progress and lets a finished one be requested once", async () => {
    const list = taskListAnswer.parse((await relay("MCSFE_getTaskList", { taskType: "SIGNIN" })).value).list;
    expect(list.map((t) => [t.progress, t.target, t.status])).toEqual([
      [3, 3, "CLAIMABLE"],
      [3, 7, "IN_PROGRESS"],
    ]);
    expect((await relay("MCSFE_signUpRequestReward", { taskId: list[1].id })).errorCode).toBe("task.not.claimable");
    expect((await relay("MCSFE_signUpRequestReward", { taskId: list[0].id })).success).toBe(true);
    expect((await relay("MCSFE_signUpRequestReward", { taskId: list[0].id })).errorCode).toBe("task.not.claimable");
    const after = taskListAnswer.parse((await relay("MCSFE_getTaskList", { taskType: "SIGNIN" })).value).list;
    expect(after[0].status).toBe("REQUESTED");
    expect((await relay("MCSFE_getTaskList", { taskType: "BOGUS" })).success).toBe(false);
  });
});

describe("promotions: raffles", () => {
  it("has one running, one not started and one ended raffle, each with its status", async () => {
    const raffles = raffleAnswer.parse((await relay("MCSFE_getRafflePromotion")).value).list;
    expect(raffles).toHaveLength(3);
    const statuses = await Promise.all(
      raffles.map(async (r) =>
        raffleStatusAnswer.parse(
          (await relay("MCSFE_getRafflePromotionStatus", { promotionId: r.promotionId, raffleScheduleId: r.raffleScheduleId })).value,
        ),
      ),
    );
    const running = statuses.findIndex((s) => s.hasStarted && !s.hasEnded);
    const later = statuses.findIndex((s) => !s.hasStarted);
    const ended = statuses.findIndex((s) => s.hasEnded);
    expect([running, later, ended].every((i) => i >= 0)).toBe(true);
    expect(statuses[later].time).toBeGreaterThan(3600_000);
    expect(statuses[ended].due).toBe(false);

    const claim = (r: (typeof raffles)[number]) =>
      relay("MCSFE_claimRafflePromotion", { promotionId: r.promotionId, raffleScheduleId: r.raffleScheduleId });
    expect((await claim(raffles[later])).errorCode).toBe("raffle.not.started");
    expect((await claim(raffles[ended])).errorCode).toBe("raffle.ended");
    const prize = await claim(raffles[running]);
    expect(prize.success).toBe(true);
    const value = raffleClaimAnswer.parse(prize.value);
    expect(value.value).toBe("10.00");
    expect(value.ticket).toMatchObject({ ticketId: expect.stringMatching(/^RT/), transactionId: expect.stringMatching(/^TX/) });
    expect(value.ticket?.startDateStr).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await claim(raffles[running])).errorCode).toBe("raffle.already.claimed");
    const status = (
      await relay("MCSFE_getRafflePromotionStatus", {
        promotionId: raffles[running].promotionId,
        raffleScheduleId: raffles[running].raffleScheduleId,
      })
    ).value;
    expect(status.isClaimed).toBe(true);
    expect((await relay("MCSFE_getAvailablePromotions")).value.RAFFLE).toBe(0);
  });
});
