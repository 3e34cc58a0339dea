// @vitest-environment jsdom
/**
 * A speed-test task run in the browser (document 002 §4 and §9): the image of the task's domain
 * timed against its threshold, with the spec's messages for each way it ends; and the report's
 * schema, which takes those messages and nothing a page could smuggle in. The image is a fake
 * that the test answers, and the clock is Vitest's: nothing waits for real.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runSpeedTestTask, taskOrigin, timeoutMessage } from "~/features/notify/speed-test-run";
import { speedTestReportSchema } from "~/server/notify/speed-test.server";
import type { SpeedTestTask } from "~/features/notify/messages";

class FakeImage {
  static made: FakeImage[] = [];
  static throwOnMake = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  src = "";
  constructor() {
    if (FakeImage.throwOnMake) throw new Error("no images here");
    FakeImage.made.push(this);
  }
}

const task: SpeedTestTask = { id: "m1", type: "SPEED_TEST", time: 0, taskId: "t1", domain: "cdn.example.com", timeoutThreshold: 3000 };

beforeEach(() => {
  vi.useFakeTimers();
  FakeImage.made = [];
  FakeImage.throwOnMake = false;
  vi.stubGlobal("Image", FakeImage);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("runSpeedTestTask", () => {
  it("times the domain's ping file with a timestamp and reports OK under the threshold", async () => {
    const run = runSpeedTestTask(task);
    const [image] = FakeImage.made;
    expect(image.src).toMatch(/^http:\/\/cdn\.example\.com\/res\/logo\.png\?t=\d+$/);
    vi.advanceTimersByTime(120);
    image.onload!();
    const result = await run;
    expect(result).toMatchObject({ success: true, message: "OK" });
    expect(result.elapsed).toBeGreaterThanOrEqual(1);
    // The image is let go: a late answer changes nothing.
    expect(image.src).toBe("");
  });

  it("says 'Request timeout: N ms > M ms' when nothing answers in time", async () => {
    const run = runSpeedTestTask(task);
    vi.advanceTimersByTime(3000);
    const result = await run;
    expect(result.success).toBe(false);
    expect(result.message).toMatch(/^Request timeout: (\d+) ms > 3000 ms$/);
    expect(Number(/(\d+) ms >/.exec(result.message)![1])).toBeGreaterThanOrEqual(3000);
  });

  it("says 'Network error' when the image fails", async () => {
    const run = runSpeedTestTask(task);
    FakeImage.made[0].onerror!();
    expect(await run).toEqual({ success: false, elapsed: 0, message: "Network error" });
  });

  it("says 'Request aborted' when the page is left during the run, and at once when already left", async () => {
    const leaving = new AbortController();
    const run = runSpeedTestTask(task, leaving.signal);
    leaving.abort();
    expect(await run).toMatchObject({ success: false, message: "Request aborted" });
    expect(await runSpeedTestTask(task, leaving.signal)).toMatchObject({ success: false, message: "Request aborted" });
  });

  it("says 'Unexpected error' when the run cannot start", async () => {
    FakeImage.throwOnMake = true;
    expect(await runSpeedTestTask(task)).toEqual({ success: false, elapsed: 0, message: "Unexpected error" });
  });

  it("keeps the task's own scheme, else takes the page's", () => {
    expect(taskOrigin("https://a.example/", "http:")).toBe("https://a.example");
    expect(taskOrigin("a.example:8443", "https:")).toBe("https://a.example:8443");
    expect(timeoutMessage(3012, 3000)).toBe("Request timeout: 3012 ms > 3000 ms");
  });
});

describe("the report's schema", () => {
  const report = { taskId: "t1", proof: "a".repeat(32), success: "true", elapsed: "42", message: "OK" };
  it("takes the spec's messages", () => {
    for (const message of [
      "OK",
      "Network error",
      "Request aborted",
      "Unexpected error",
      "Request timeout: 3012 ms > 3000 ms",
      "Not Found",
    ]) {
      expect(speedTestReportSchema.safeParse({ ...report, message }).success).toBe(true);
    }
    expect(speedTestReportSchema.parse(report)).toEqual({ taskId: "t1", proof: "a".repeat(32), success: true, elapsed: 42, message: "OK" });
  });
  it("refuses markup, odd numbers and a proof of the wrong shape", () => {
    for (const bad of [
      { message: "<img src=x onerror=alert(1)>" },
      { message: "x".repeat(500) },
      { elapsed: "-1" },
      { elapsed: "1e9" },
      { elapsed: "NaN" },
      { success: "yes" },
      { proof: "Z".repeat(32) },
      { taskId: "" },
      { taskId: "t".repeat(129) },
    ]) {
      expect(speedTestReportSchema.safeParse({ ...report, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
