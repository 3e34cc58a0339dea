// @vitest-environment jsdom
/**
 * The bonus pop-up: without scripts (the server's HTML) a notice with the join link and a dismiss
 * link that sets the cookie and comes back; with scripts a modal whose close dismisses it; nothing
 * without data or on the reward centre itself.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRemixStub } from "@remix-run/testing";
import { BonusPopup } from "~/features/member/bonus-popup";

afterEach(cleanup);

const popup = { count: 2, titles: ["First deposit bonus", "Sign-up bonus"], ids: "1.4" };

function stub(data: typeof popup | null = popup) {
  return createRemixStub([
    { path: "/games", Component: () => <BonusPopup popup={data} /> },
    { path: "/member/rewardCenter", Component: () => <BonusPopup popup={data} /> },
  ]);
}

describe("BonusPopup", () => {
  it("is a notice with join and dismiss links in the server's HTML", () => {
    const Stub = stub();
    const html = renderToString(<Stub initialEntries={["/games?page=2"]} />);
    const doc = new DOMParser().parseFromString(html, "text/html");
    const notice = doc.querySelector("[data-testid=bonus-popup]")!;
    expect(notice.tagName).toBe("ASIDE");
    const links = [...notice.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual(["/member/rewardCenter", `/resources/bonus-seen?ids=1.4&back=${encodeURIComponent("/games?page=2")}`]);
    expect(notice.textContent).toContain("First deposit bonus · Sign-up bonus");
  });

  it("opens as a modal with scripts and dismisses itself on close", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 204 }));
    const Stub = stub();
    render(<Stub initialEntries={["/games"]} />);
    const dialog = await screen.findByRole("dialog", { hidden: true });
    expect(dialog.tagName).toBe("DIALOG");
    await act(async () => {
      fireEvent(dialog, new Event("close"));
    });
    expect(screen.queryByTestId("bonus-popup")).toBeNull();
    expect(fetchSpy).toHaveBeenCalledWith("/resources/bonus-seen?ids=1.4", { credentials: "same-origin" });
    fetchSpy.mockRestore();
  });

  it("draws nothing without data or on the reward centre", () => {
    const none = stub(null);
    expect(renderToString(<Render Stub={none} at="/games" />)).not.toContain("bonus-popup");
    const centre = stub();
    expect(renderToString(<Render Stub={centre} at="/member/rewardCenter" />)).not.toContain("bonus-popup");
  });
});

function Render({ Stub, at }: { Stub: ReturnType<typeof createRemixStub>; at: string }) {
  return <Stub initialEntries={[at]} />;
}
