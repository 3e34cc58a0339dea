/**
 * The records pages' filter: the GET form (dates, a type, quick ranges as links) and the
 * refused-query messages beside it (records-filter-form.tsx). Its code and conform arrive after
 * the page (decision 043): until then the form is a plain GET form, as without scripts.
 */
import { deferred } from "~/components/deferred";
import type { FilterProps } from "./records-filter-form";

export type { TypeOption } from "./records-filter-form";

const FilterForm = deferred(() => import("./records-filter-form").then((m) => m.FilterForm));

/**
 * The filter of the page's current query: a new query (a quick range, a page link, the back
 * button) draws a new form, so its fields show that query rather than what was typed before.
 */
export function RecordsFilter(props: FilterProps) {
  const { filter, result } = props.frame;
  return <FilterForm key={`${filter.start}|${filter.end}|${filter.type}|${result ? "refused" : ""}`} {...props} />;
}
