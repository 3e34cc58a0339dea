// @vitest-environment jsdom
/**
 * The toast stack with Testing Library and a fake clock (no real waiting): how many show for the
 * window's height and the queue behind them, the 4.5 s close and the event toasts that stay, the
 * pause while hovered or focused, Escape and the close button, one toast per id, the live region
 * that screen readers hear, and focus that never jumps into a toast by itself.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRemixStub } from "@remix-run/testing";
import i18next from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions } from "~/i18n/config";
import { resources } from "~/i18n/resources";
import { readPlayerMessage, toastFor, type PlayerMessage, type ToastSpec } from "~/features/notify/messages";
import { toastLimit, ToastProvider, useToasts, type ToastsApi } from "~/features/notify/toasts";

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ ...i18nOptions, lng: "EN", resources });
const EN = resources.EN.common as Record<string, string>;

let api: ToastsApi;
function Grab() {
  api = useToasts();
  return null;
}

function Page({ children }: { children?: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <button type="button">page button</button>
        <Grab />
        {children}
      </ToastProvider>
    </I18nextProvider>
  );
}

/** Toasts made by toastFor link pages, so they are drawn under Remix's router. */
function renderInRouter() {
  const Stub = createRemixStub([
    { path: "/", Component: () => <Page /> },
    { path: "/member/messageV2", Component: () => <p>inbox page</p> },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

function setHeight(height: number) {
  Object.defineProperty(window, "innerHeight", { configurable: true, value: height });
  act(() => {
    window.dispatchEvent(new Event("resize"));
  });
}

const spec = (title: string, extra: Partial<ToastSpec> = {}): ToastSpec => ({ tone: "info", title, ...extra });
const show = (s: ToastSpec) => {
  let id = "";
  act(() => {
    id = api.show(s);
  });
  return id;
};
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const titles = () => screen.queryAllByRole("article").map((a) => a.querySelector(".toast__title")?.textContent);
const closeButton = (title: string) => screen.getByRole("button", { name: EN.notify_close.replace("{{title}}", title) });

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(window, "innerHeight", { configurable: true, value: 800 });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("toastLimit", () => {
  it("is max(2, floor(height / 94) − 1)", () => {
    expect([300, 800, 844, 1200].map(toastLimit)).toEqual([2, 7, 7, 11]);
    expect(toastLimit(0)).toBe(2);
    expect(toastLimit(NaN)).toBe(2);
  });
});

describe("the toast stack", () => {
  it("renders only the empty live region on the server, and no toasts", () => {
    const html = renderToString(<Page />);
    const doc = new DOMParser().parseFromString(html, "text/html");
    const region = doc.querySelector("[role=status]")!;
    expect(region.getAttribute("aria-live")).toBe("polite");
    expect(region.textContent).toBe("");
    expect(doc.querySelector(".toasts")).toBeNull();
  });

  it.each([
    [300, 2],
    [800, 7],
    [844, 7],
    [1200, 11],
  ])("shows at most as many as a window %i px high allows (%i), and measures again on resize", (height, limit) => {
    render(<Page />);
    setHeight(height);
    for (let i = 1; i <= 12; i++) show(spec(`T${i}`));
    expect(screen.getAllByRole("article")).toHaveLength(limit);
    setHeight(300);
    expect(screen.getAllByRole("article")).toHaveLength(2);
  });

  it("shows queued toasts in order as earlier ones close", () => {
    render(<Page />);
    setHeight(300);
    const [a] = ["A", "B", "C", "D"].map((t) => show(spec(t, { duration: 0 })));
    expect(titles()).toEqual(["A", "B"]);
    act(() => api.close(a));
    expect(titles()).toEqual(["B", "C"]);
    fireEvent.click(closeButton("B"));
    expect(titles()).toEqual(["C", "D"]);
    fireEvent.click(closeButton("C"));
    fireEvent.click(closeButton("D"));
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("closes a toast after exactly 4500 ms, and starts a queued one's time when it shows", () => {
    render(<Page />);
    setHeight(300);
    show(spec("A"));
    advance(1000);
    show(spec("B"));
    show(spec("C"));
    advance(3499);
    expect(titles()).toEqual(["A", "B"]);
    advance(1);
    expect(titles()).toEqual(["B", "C"]);
    advance(1000);
    expect(titles()).toEqual(["C"]);
    advance(3499);
    expect(titles()).toEqual(["C"]);
    advance(1);
    expect(titles()).toEqual([]);
  });

  it("keeps event toasts (duration 0) until they are closed", () => {
    renderInRouter();
    const message = readPlayerMessage({ id: "d1", time: 1, type: "DEPOSIT", status: "SUCCESS", amount: "50" }) as PlayerMessage;
    show(toastFor(message, i18n.getFixedT("EN") as never)!);
    advance(60_000);
    expect(titles()).toEqual([EN.notify_deposit_success]);
  });

  it("pauses while hovered and resumes with the time that was left", () => {
    render(<Page />);
    show(spec("A"));
    advance(3000);
    fireEvent.mouseEnter(screen.getByRole("article"));
    advance(10_000);
    expect(titles()).toEqual(["A"]);
    fireEvent.mouseLeave(screen.getByRole("article"));
    advance(1499);
    expect(titles()).toEqual(["A"]);
    advance(1);
    expect(titles()).toEqual([]);
  });

  it("pauses while focus is inside and resumes when it leaves", () => {
    render(<Page />);
    show(spec("A"));
    advance(4000);
    act(() => closeButton("A").focus());
    advance(60_000);
    expect(titles()).toEqual(["A"]);
    act(() => screen.getByRole("button", { name: "page button" }).focus());
    advance(499);
    expect(titles()).toEqual(["A"]);
    advance(1);
    expect(titles()).toEqual([]);
  });

  it("closes the focused toast on Escape, moves focus to the next one, then back where it came from", () => {
    render(<Page />);
    const page = screen.getByRole("button", { name: "page button" });
    act(() => page.focus());
    show(spec("A", { duration: 0 }));
    show(spec("B", { duration: 0 }));
    // A toast never takes focus by itself.
    expect(document.activeElement).toBe(page);
    act(() => closeButton("A").focus());
    fireEvent.keyDown(closeButton("A"), { key: "Escape" });
    expect(titles()).toEqual(["B"]);
    expect(document.activeElement).toBe(closeButton("B"));
    fireEvent.keyDown(document.activeElement!, { key: "Enter" });
    expect(titles()).toEqual(["B"]);
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(titles()).toEqual([]);
    expect(document.activeElement).toBe(page);
  });

  it("gives each toast a close button named by its title, in a labelled region", () => {
    render(<Page />);
    show(spec("Deposit successful", { tone: "success", body: ["Amount: 50.00"] }));
    const region = screen.getByRole("region", { name: EN.notify_region_label });
    const toast = within(region).getByRole("article", { name: "Deposit successful" });
    expect(toast.className).toContain("toast--success");
    const close = within(toast).getByRole("button", { name: "Close notification: Deposit successful" });
    expect(close.tabIndex).toBe(0);
    fireEvent.click(close);
    expect(screen.queryByRole("article")).toBeNull();
  });

  it("shows a message delivered twice once, shown or queued", () => {
    render(<Page />);
    setHeight(300);
    expect(show(spec("A", { id: "m1" }))).toBe("m1");
    expect(show(spec("A again", { id: "m1" }))).toBe("m1");
    show(spec("B", { id: "m2" }));
    show(spec("C", { id: "m3" }));
    show(spec("C again", { id: "m3" }));
    expect(titles()).toEqual(["A", "B"]);
    act(() => api.close("m1"));
    act(() => api.close("m2"));
    expect(titles()).toEqual(["C"]);
  });

  it("announces each shown toast's text in the polite live region that was there from the start", () => {
    render(<Page />);
    setHeight(300);
    const region = screen.getByRole("status");
    expect(region.getAttribute("aria-live")).toBe("polite");
    expect(region.getAttribute("aria-atomic")).toBe("false");
    expect(region.textContent).toBe("");
    show(spec("Withdrawal rejected", { body: ["Amount: 500.00", "Reason: Bank details do not match"] }));
    show(spec("Second"));
    show(spec("Queued"));
    expect(screen.getByRole("status")).toBe(region);
    expect(region.textContent).toContain("Withdrawal rejected");
    expect(region.textContent).toContain("Reason: Bank details do not match");
    expect(region.textContent).toContain("Second");
    expect(region.textContent).not.toContain("Queued");
  });

  it("draws a message's link, which closes the toast when followed", () => {
    renderInRouter();
    const message = readPlayerMessage({ id: "i1", time: 1, type: "INBOX", title: "Weekly news" }) as PlayerMessage;
    show(toastFor(message, i18n.getFixedT("EN") as never)!);
    const link = screen.getByRole("link", { name: EN.notify_view_inbox });
    expect(link.getAttribute("href")).toBe("/member/messageV2");
    fireEvent.click(link);
    expect(screen.queryByRole("article")).toBeNull();
  });

  it("needs its provider", () => {
    // React reports the render error to the window and the console as well as throwing it.
    const quiet = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener("error", quiet);
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(() => render(<Grab />)).toThrow(/ToastProvider/);
    } finally {
      consoleError.mockRestore();
      window.removeEventListener("error", quiet);
    }
  });
});
