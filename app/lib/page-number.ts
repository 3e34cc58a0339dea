/**
 * The page number of an address, through one schema with one maximum. Apart from the paging
 * helpers (paging.ts): a view that only cuts a list does not bring zod to the browser.
 */
import { z } from "zod";
import { BAD_PAGE, PAGE_MAX } from "./paging";

/**
 * A page number as an address carries it: digits only (no sign, point, exponent or hex, which
 * Number() would take), 1 to PAGE_MAX. A page with a form to show the error uses it as it is
 * (the records pages answer 400); every other page reads anything else as the first page
 * (pageParam).
 */
export const pageNumber = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, BAD_PAGE)
  .transform(Number)
  .pipe(z.number().int().min(1, BAD_PAGE).max(PAGE_MAX, BAD_PAGE));

/** The page number of a page without an error to show: absent or not a page number, the first page. */
export const pageParam = pageNumber.catch(1);

/** The page an address asks for (the first value of `name`: a repeated parameter is not an error). */
export const readPage = (url: URL, name = "page"): number => pageParam.parse(url.searchParams.get(name) ?? undefined);
