/**
 * Paging, one way for every paged list: the records and agent reports, the inbox, the reward
 * centre's claims, the daily salary, the downline list and the game lobbies. A page number comes
 * from the address (?page=N, the lobbies' ?pageNo=N) through one schema with one maximum
 * (page-number.ts: zod's, apart, so that a view that only cuts a list brings no zod); a list
 * the operator pages is asked for through askPaged, a list the portal holds whole is cut by
 * pageOfList. Client-safe: no server code.
 */

/**
 * The highest page number an address may carry (decision 030: a page is 1–10,000). At the
 * largest page size (40 games) that is 400,000 rows, more than any list a player or an agent
 * has; a higher number is an edited address, never a link the portal drew. (The inbox once took
 * 100,000: no inbox reaches 10,000 pages of ten.)
 */
export const PAGE_MAX = 10_000;
/** The message of a page number refused beside a form (the records pages' filter). */
export const BAD_PAGE = "records_bad_page";

/** The page count of `total` rows, and the page within it (a page past the end reads as the last). */
export function pagesOf(total: number, size: number, page: number) {
  const totalPages = Math.max(1, Math.ceil(total / size));
  return { totalPages, page: Math.min(page, totalPages) };
}

/** A page of a list the portal holds whole (the operator answers every row at once). */
export function pageOfList<T>(list: readonly T[], size: number, page: number) {
  const paging = pagesOf(list.length, size, page);
  return { rows: list.slice((paging.page - 1) * size, paging.page * size), total: list.length, ...paging };
}

/** What a paged answer says of its length: the rows in all (most), or only its pages (the games list). */
export interface PagedAnswer {
  total?: number | null;
  totalPages?: number | null;
  list?: readonly unknown[];
}

function lengthOf(answer: PagedAnswer, size: number): { total: number | null; totalPages: number } {
  if (answer.total == null && answer.totalPages != null) return { total: null, totalPages: Math.max(1, answer.totalPages) };
  const total = answer.total ?? answer.list?.length ?? 0;
  return { total, totalPages: pagesOf(total, size, 1).totalPages };
}

/**
 * Asks the operator for a page of rows; a page past the end (an old link after the rows shrank,
 * an edited address) is asked again as the last page rather than drawn empty. `total` is the
 * rows in all (0 for an answer that tells only its pages).
 */
export async function askPaged<A extends PagedAnswer>(
  ask: (page: number) => Promise<A>,
  page: number,
  size: number,
): Promise<{ answer: A; total: number; page: number; totalPages: number }> {
  let answer = await ask(page);
  const { total, totalPages } = lengthOf(answer, size);
  const last = Math.min(page, totalPages);
  // Nothing at all: the first page is as empty as the one asked.
  if (last !== page && total !== 0) answer = await ask(last);
  return { answer, total: total ?? 0, page: last, totalPages };
}
