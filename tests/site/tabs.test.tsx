// @vitest-environment jsdom
/** Tabs as links: equal parts for a few, one row that scrolls sideways for more than eight. */
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { createRemixStub } from "@remix-run/testing";
import { TabLinks, tabsClass } from "~/components/tabs";

afterEach(cleanup);

const tabs = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `V${i}`, label: `Vendor ${i}`, to: `/electron?page=V${i}` }));

function renderTabs(count: number, scroll?: boolean) {
  const Stub = createRemixStub([
    { path: "/", Component: () => <TabLinks label="Vendors" tabs={tabs(count)} current="V1" scroll={scroll} /> },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return screen.getByRole("navigation", { name: "Vendors" });
}

describe("TabLinks", () => {
  it("shares one row in equal parts up to eight tabs, and scrolls past eight", () => {
    expect(tabsClass(8)).toBe("tabs");
    expect(tabsClass(9)).toBe("tabs tabs--scroll");
    expect(tabsClass(3, true)).toBe("tabs tabs--scroll");
    expect(tabsClass(12, false)).toBe("tabs");
    expect(renderTabs(8).className).toBe("tabs");
    cleanup();
    expect(renderTabs(9).className).toBe("tabs tabs--scroll");
  });

  it("marks the current tab, each a link", () => {
    const nav = renderTabs(3);
    const current = nav.querySelector('[aria-current="page"]')!;
    expect(current.textContent).toBe("Vendor 1");
    expect(current.getAttribute("href")).toBe("/electron?page=V1");
    expect(current.className).toBe("tab tab--current");
  });
});
