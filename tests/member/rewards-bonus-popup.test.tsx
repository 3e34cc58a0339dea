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
    { path: "/", Component: () => <BonusPopup popup={data} /> },
    { path: "/member/rewardCenter", Component: () => <BonusPopup popup={data} /> },
    { path: "/electron", Component: () => <BonusPopup popup={data} /> },
  ]);
}

describe("BonusPopup", () => {
  it("is a notice with join and dismiss links in the server's HTML", () => {
    const Stub = stub();
    const html = renderToString(<Stub initialEntries={["/?page=2"]} />);
    const doc = new DOMParser().parseFromString(html, "text/html");
    const notice = doc.querySelector("[data-testid=bonus-popup]")!;
    expect(notice.tagName).toBe("ASIDE");
    const links = [...notice.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual(["/member/rewardCenter", `/resources/bonus-seen?ids=1.4&back=${encodeURIComponent("/?page=2")}`]);
    expect(notice.textContent).toContain("First deposit bonus · Sign-up bonus");
  });

  it("stays a corner card with scripts, and goes at once when dismissed", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 204 }));
    const Stub = stub();
    render(<Stub initialEntries={["/"]} />);
    const card = await screen.findByTestId("bonus-popup");
    // Not a modal: the page under it stays usable.
    expect(card.tagName).toBe("ASIDE");
    expect(screen.queryByRole("dialog")).toBeNull();
    await act(async () => {
      fireEvent.click(card.querySelectorAll("a")[1]);
    });
    expect(screen.queryByTestId("bonus-popup")).toBeNull();
    expect(fetchSpy).toHaveBeenCalledWith("/resources/bonus-seen?ids=1.4", { credentials: "same-origin" });
    fetchSpy.mockRestore();
  });

  it("draws nothing without data, on the reward centre or over a lobby", () => {
    const none = stub(null);
    expect(renderToString(<Render Stub={none} at="/" />)).not.toContain("bonus-popup");
    const centre = stub();
    expect(renderToString(<Render Stub={centre} at="/member/rewardCenter" />)).not.toContain("bonus-popup");
    expect(renderToString(<Render Stub={centre} at="/electron" />)).not.toContain("bonus-popup");
  });
});

function Render({ Stub, at }: { Stub: ReturnType<typeof createRemixStub>; at: string }) {
  return <Stub initialEntries={[at]} />;
}
