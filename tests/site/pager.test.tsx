// @vitest-environment jsdom
/** The pager: links that work without scripts, the current page marked, previous and next, ellipsis windows. */
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRemixStub } from "@remix-run/testing";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { Pager, pagerItems } from "~/components/pager";
import { i18nOptions } from "~/i18n/config";
import { resources } from "~/i18n/resources";

afterEach(cleanup);

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ ...i18nOptions, lng: "EN", resources });

/** The items as text: numbers, "…" for a gap, the current page in brackets. */
const shape = (page: number, total: number, around?: number) =>
  pagerItems(page, total, around)
    .map((item) => (item.kind === "gap" ? "…" : item.current ? `[${item.page}]` : String(item.page)))
    .join(" ");

describe("pagerItems", () => {
  it("lists every page when there are few", () => {
    expect(shape(1, 1)).toBe("[1]");
    expect(shape(2, 5)).toBe("1 [2] 3 4 5");
    expect(shape(4, 7)).toBe("1 2 3 [4] 5 6 7");
  });

  it("keeps the first, the last and a window around the current page, with a gap for each hidden run", () => {
    expect(shape(1, 20)).toBe("[1] 2 3 4 … 20");
    expect(shape(10, 20)).toBe("1 … 9 [10] 11 … 20");
    expect(shape(20, 20)).toBe("1 … 17 18 19 [20]");
    expect(shape(10, 20, 2)).toBe("1 … 8 9 [10] 11 12 … 20");
  });

  it("shows a page rather than an ellipsis that would hide only it", () => {
    expect(shape(4, 20)).toBe("1 2 3 [4] 5 … 20");
    expect(shape(17, 20)).toBe("1 … 16 [17] 18 19 20");
  });

  it("clamps a page out of range and draws nothing without pages", () => {
    expect(shape(99, 5)).toBe("1 2 3 4 [5]");
    expect(shape(-3, 5)).toBe("[1] 2 3 4 5");
    expect(shape(Number.NaN, 3)).toBe("[1] 2 3");
    expect(pagerItems(1, 0)).toEqual([]);
  });
});

function renderPager(page: number, totalPages: number) {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <Pager page={page} totalPages={totalPages} hrefFor={(n) => `/electron?page=SLO&pageNo=${n}`} label="Pages of games" />
      ),
    },
  ]);
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/"]} />
    </I18nextProvider>,
  );
  return container;
}

describe("<Pager>", () => {
  it("is a navigation of links, the current page marked with aria-current", () => {
    renderPager(3, 12);
    const nav = screen.getByRole("navigation", { name: "Pages of games" });
    const current = within(nav).getByRole("link", { name: "Page 3 of 12" });
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(current.getAttribute("href")).toBe("/electron?page=SLO&pageNo=3");
    expect(within(nav).getByRole("link", { name: "Page 12 of 12" }).getAttribute("aria-current")).toBeNull();
    expect(
      within(nav)
        .getByRole("link", { name: /Previous/ })
        .getAttribute("href"),
    ).toBe("/electron?page=SLO&pageNo=2");
    expect(within(nav).getByRole("link", { name: /Next/ }).getAttribute("href")).toBe("/electron?page=SLO&pageNo=4");
    expect(nav.querySelectorAll(".pager__gap")).toHaveLength(1);
  });

  it("offers no previous link on the first page and no next link on the last", () => {
    renderPager(1, 3);
    let nav = screen.getByRole("navigation");
    expect(within(nav).queryByRole("link", { name: /Previous/ })).toBeNull();
    expect(
      within(nav)
        .getByText(/Previous/)
        .closest("[aria-disabled]"),
    ).toBeTruthy();
    cleanup();
    renderPager(3, 3);
    nav = screen.getByRole("navigation");
    expect(within(nav).queryByRole("link", { name: /Next/ })).toBeNull();
  });

  it("draws nothing for a single page", () => {
    const container = renderPager(1, 1);
    expect(container.querySelector(".pager")).toBeNull();
  });
});
