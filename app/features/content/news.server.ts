/** The notice viewer's page (/news): ten notices a page (document 001, section 9); `?id=` opens one on its page. */
import { readPage } from "~/lib/page-number";
import { pageOfList } from "~/lib/paging";
import type { NoticeView } from "./content.server";

export const NOTICES_PER_PAGE = 10;

export function newsPage(notices: NoticeView[], url: URL) {
  const asked = url.searchParams.get("id");
  const index = asked ? notices.findIndex((n) => n.id === asked) : -1;
  const page = index >= 0 ? Math.floor(index / NOTICES_PER_PAGE) + 1 : readPage(url);
  const { rows, totalPages, page: shown } = pageOfList(notices, NOTICES_PER_PAGE, page);
  return { notices: rows, page: shown, totalPages, open: index >= 0 ? asked : null };
}
