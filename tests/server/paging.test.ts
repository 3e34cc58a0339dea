/**
 * The one page-number schema and the one paged ask (app/lib/paging.ts) that every paged list
 * reads its page through: the bounds, junk in the address, a repeated parameter, and a page past
 * the end asked again as the last.
 */
import { describe, expect, it } from "vitest";
import { askPaged, BAD_PAGE, PAGE_MAX, pageOfList, pagesOf } from "~/lib/paging";
import { pageNumber, pageParam, readPage } from "~/lib/page-number";

describe("the page number", () => {
  it("takes 1 to PAGE_MAX, trimmed", () => {
    expect(PAGE_MAX).toBe(10_000);
    expect(pageNumber.parse("1")).toBe(1);
    expect(pageNumber.parse(" 42 ")).toBe(42);
    expect(pageNumber.parse("010")).toBe(10);
    expect(pageNumber.parse(String(PAGE_MAX))).toBe(PAGE_MAX);
  });

  it("refuses anything else with the one message", () => {
    for (const junk of ["0", "10001", "999999", "99999999999999999999", "-1", "+2", "1.5", "1e3", "0x10", "abc", "", " ", "2 3", "٣"]) {
      const parsed = pageNumber.safeParse(junk);
      expect(parsed.success, junk).toBe(false);
      expect(
        parsed.error?.issues.map((i) => i.message),
        junk,
      ).toEqual([BAD_PAGE]);
    }
    expect(pageNumber.safeParse(undefined).success).toBe(false);
  });

  it("reads junk or nothing as the first page where no error can be shown", () => {
    for (const junk of [undefined, null, "", "0", "10001", "-4", "2.5", "1e3", "abc"]) expect(pageParam.parse(junk), String(junk)).toBe(1);
    expect(pageParam.parse("7")).toBe(7);
  });

  it("counts the first of a repeated parameter, under the page's own name", () => {
    expect(readPage(new URL("http://x/member/messageV2?page=3&page=9"))).toBe(3);
    expect(readPage(new URL("http://x/member/messageV2?page=abc&page=9"))).toBe(1);
    expect(readPage(new URL("http://x/electron?page=SLO&pageNo=2&pageNo=5"), "pageNo")).toBe(2);
    expect(readPage(new URL("http://x/electron?page=SLO"), "pageNo")).toBe(1);
    expect(readPage(new URL("http://x/agent/teamManagement"))).toBe(1);
  });
});

describe("pages of a list", () => {
  it("counts at least one page and keeps the page within them", () => {
    expect(pagesOf(0, 12, 1)).toEqual({ totalPages: 1, page: 1 });
    expect(pagesOf(24, 12, 2)).toEqual({ totalPages: 2, page: 2 });
    expect(pagesOf(25, 12, 9)).toEqual({ totalPages: 3, page: 3 });
  });

  it("cuts a whole list, a page past the end reading as the last", () => {
    const days = Array.from({ length: 30 }, (_, i) => i + 1);
    expect(pageOfList(days, 12, 1)).toEqual({ rows: days.slice(0, 12), total: 30, totalPages: 3, page: 1 });
    expect(pageOfList(days, 12, 3).rows).toEqual([25, 26, 27, 28, 29, 30]);
    expect(pageOfList(days, 12, 50)).toMatchObject({ rows: [25, 26, 27, 28, 29, 30], page: 3 });
    expect(pageOfList([], 12, 4)).toEqual({ rows: [], total: 0, totalPages: 1, page: 1 });
  });
});

describe("askPaged", () => {
  /** An operator of `total` rows, `size` a page, that notes each page asked. */
  const operatorOf = (total: number, size: number) => {
    const asked: number[] = [];
    const rows = Array.from({ length: total }, (_, i) => i + 1);
    const ask = async (page: number) => {
      asked.push(page);
      return { list: rows.slice((page - 1) * size, page * size), total };
    };
    return { asked, ask };
  };

  it("asks once for a page within the rows", async () => {
    const { asked, ask } = operatorOf(30, 12);
    const paged = await askPaged(ask, 2, 12);
    expect(paged).toMatchObject({ total: 30, page: 2, totalPages: 3 });
    expect(paged.answer.list).toEqual(Array.from({ length: 12 }, (_, i) => i + 13));
    expect(asked).toEqual([2]);
  });

  it("asks a page past the end again as the last page", async () => {
    const { asked, ask } = operatorOf(30, 12);
    const paged = await askPaged(ask, 9, 12);
    expect(paged).toMatchObject({ total: 30, page: 3, totalPages: 3 });
    expect(paged.answer.list).toEqual([25, 26, 27, 28, 29, 30]);
    expect(asked).toEqual([9, 3]);
  });

  it("does not ask again when there is nothing at all", async () => {
    const { asked, ask } = operatorOf(0, 12);
    expect(await askPaged(ask, 5, 12)).toMatchObject({ total: 0, page: 1, totalPages: 1 });
    expect(asked).toEqual([5]);
  });

  it("takes an answer's list as its length when it gives no total", async () => {
    const paged = await askPaged(async () => ({ list: [1, 2, 3] }), 1, 12);
    expect(paged).toMatchObject({ total: 3, page: 1, totalPages: 1 });
  });

  it("pages an answer that tells only its pages (the games list)", async () => {
    const asked: number[] = [];
    const ask = async (pageNo: number) => {
      asked.push(pageNo);
      return { games: pageNo <= 4 ? [`game ${pageNo}`] : [], totalPages: 4 };
    };
    const paged = await askPaged(ask, 7, 10);
    expect(paged).toMatchObject({ page: 4, totalPages: 4 });
    expect(paged.answer.games).toEqual(["game 4"]);
    expect(asked).toEqual([7, 4]);
  });
});
