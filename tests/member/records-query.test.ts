/**
 * The records pages' one query schema and its date rules (app/features/reports/records.ts and
 * records.server.ts): days of Asia/Shanghai, the day's end at +86,399,000 ms, the 90-day limit,
 * the default range and the quick ranges.
 */
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { addDays, dateOf, dayStart, DAY_END_MS, quickRange, recordsHref } from "~/features/reports/records";
import { recordsQuerySchema } from "~/features/reports/records-schema";
import { readRecordsQuery } from "~/features/reports/records.server";

const parse = (fields: Record<string, string>, types: string[] = ["LIVE"]) =>
  parseWithZod(new URLSearchParams(fields), { schema: recordsQuerySchema(types) });

describe("the records query", () => {
  it("reads a date as the start of that day in Asia/Shanghai, and refuses days that do not exist", () => {
    expect(dayStart("2026-11-22")).toBe(Date.UTC(2026, 10, 22) - 8 * 3_600_000);
    expect(dateOf(dayStart("2026-11-22")!)).toBe("2026-11-22");
    expect(dateOf(dayStart("2026-11-22")! + DAY_END_MS)).toBe("2026-11-22");
    expect(dateOf(dayStart("2026-11-22")! + DAY_END_MS + 1000)).toBe("2026-11-23");
    expect(dayStart("2028-02-29")).not.toBeNull();
    for (const bad of ["2026-02-29", "2026-13-01", "2026-1-01", "1999-12-31", "2100-01-01", "", "2026-11-22T00:00", "٢٠٢٦-١١-٢٢"]) {
      expect(dayStart(bad), bad).toBeNull();
    }
  });

  it("allows 90 days and refuses 91, and an end before the start", () => {
    expect(parse({ start: "2026-08-24", end: "2026-11-22" }).status).toBe("success");
    expect(parse({ start: "2026-08-23", end: "2026-11-22" }).reply().error).toEqual({ end: ["records_range_too_long"] });
    expect(parse({ start: "2026-11-22", end: "2026-11-21" }).reply().error).toEqual({ end: ["records_end_before_start"] });
    expect(parse({ start: "2026-11-22", end: "2026-11-22" }).status).toBe("success");
  });

  it("checks the type against the page's own list and the page number's bounds", () => {
    expect(parse({ type: "LIVE" }).status).toBe("success");
    expect(parse({ type: "RNG" }).reply().error).toEqual({ type: ["records_bad_type"] });
    expect(parse({ page: "10000" }).status).toBe("success");
    for (const page of ["0", "10001", "1.5", "1e3", "-2", "abc"])
      expect(parse({ page }).reply().error, page).toEqual({ page: ["records_bad_page"] });
  });

  it("counts quick ranges back from today, and keeps the filter in page links", () => {
    expect(quickRange("today", "2026-03-01")).toEqual({ start: "2026-03-01", end: "2026-03-01" });
    expect(quickRange("yesterday", "2026-03-01")).toEqual({ start: "2026-02-28", end: "2026-02-28" });
    expect(quickRange("7d", "2026-03-01")).toEqual({ start: "2026-02-22", end: "2026-03-01" });
    expect(quickRange("30d", "2026-03-01")).toEqual({ start: "2026-01-30", end: "2026-03-01" });
    expect(recordsHref("/member/personalHistoryCopy", { start: "2026-02-22", end: "2026-03-01", type: "LIVE" }, 3)).toBe(
      "/member/personalHistoryCopy?start=2026-02-22&end=2026-03-01&type=LIVE&page=3",
    );
    expect(recordsHref("/member/personalProfit", { start: "2026-02-22", end: "2026-03-01", type: "" })).toBe(
      "/member/personalProfit?start=2026-02-22&end=2026-03-01",
    );
  });

  it("fills the default range around what the address gives, as epoch milliseconds", () => {
    // 2026-11-22 01:00 in Shanghai is still 2026-11-21 in UTC: today is the merchant's day.
    const now = Date.UTC(2026, 10, 21, 17, 0);
    const read = (query: string) => readRecordsQuery(new Request(`http://portal.test/member/personalProfit${query}`), [], now);
    const plain = read("");
    expect(plain.ok && plain.frame.filter).toEqual({ start: "2026-11-15", end: "2026-11-22", type: "" });
    expect(plain.ok && [plain.startTime, plain.endTime, plain.page]).toEqual([
      dayStart("2026-11-15"),
      dayStart("2026-11-22")! + DAY_END_MS,
      1,
    ]);
    expect(plain.frame.quick.find((q) => q.current)?.id).toBe("7d");
    const endOnly = read("?end=2026-10-10");
    expect(endOnly.frame.filter).toMatchObject({ start: addDays("2026-10-10", -7), end: "2026-10-10" });
    const refused = read("?start=2026-11-30");
    expect(refused.ok).toBe(false);
    expect(refused.frame.result?.error).toEqual({ end: ["records_end_before_start"] });
  });
});
