// @vitest-environment jsdom
/**
 * The root's error page with Testing Library: in the shell, by status, in the player's language,
 * with a way home; with the root loader's data the header is the full one, without it (a refused
 * post answered before any loader ran) the frame comes without the forms that need it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { createRemixStub } from "@remix-run/testing";
import { json } from "@remix-run/node";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { ErrorBoundary } from "~/root";
import { errorTexts } from "~/components/error-page";
import { loadParts } from "~/components/lazy-part";
import { i18nOptions, LOCALES, type Locale } from "~/i18n/config";
import { resources } from "~/i18n/resources";

afterEach(cleanup);

async function i18nIn(lng: Locale) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ ...i18nOptions, lng, resources });
  return i18n;
}
const text = (lng: Locale, key: string) => (resources[lng].common as Record<string, string>)[key];

const ROOT_DATA = {
  locale: "CN",
  csrfToken: "csrf-token",
  notice: null,
  site: { title: "Demo Gaming", logoUrl: "/logo.svg", languages: ["CN", "EN", "TH"], loginPop: true },
  player: null,
};

/** The root (its ErrorBoundary) over a page whose loader throws `thrown`; the root loader runs or throws first. */
async function renderError(options: { thrown: Response; rootRuns: boolean; lng?: Locale; url?: string }) {
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      loader: () => {
        if (!options.rootRuns) throw options.thrown;
        return json(ROOT_DATA);
      },
      Component: () => null,
      ErrorBoundary,
      children: [
        {
          path: "*",
          loader: () => {
            throw options.thrown;
          },
          Component: () => null,
        },
      ],
    },
  ]);
  const i18n = await i18nIn(options.lng ?? "CN");
  const rendered = render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[options.url ?? "/no-such-page"]} />
    </I18nextProvider>,
  );
  // The shell's shared parts, as the browser draws them for a key new to the page (lazy-part.tsx).
  await act(() => loadParts());
  return rendered;
}

describe("the error page", () => {
  it("a 404 sits in the full shell: header with the guest's links and the language form, footer, a way home", async () => {
    await renderError({ thrown: new Response("Not Found", { status: 404 }), rootRuns: true });
    const heading = await screen.findByRole("heading", { level: 1 });
    expect(heading.textContent).toBe(text("CN", "page_not_found"));
    const header = screen.getByRole("banner");
    expect(
      within(header)
        .getByRole("link", { name: text("CN", "login") })
        .getAttribute("href"),
    ).toBe("/login");
    // The language picker (a <details> of one form, issue 23), with the current language.
    expect(header.querySelector("details.language-menu > summary")?.textContent).toBe("简体中文");
    expect(screen.getByRole("contentinfo").textContent).toContain("Demo Gaming");
    expect(screen.getByRole("link", { name: text("CN", "back_home") }).getAttribute("href")).toBe("/");
    expect(screen.getByText(text("CN", "error_page_404_text"))).toBeTruthy();
  });

  it("a refused post without the root's data: the frame, a home link in the header, the form again, no forms", async () => {
    await renderError({
      thrown: new Response("This form has expired. Go back, reload the page and try again.", { status: 403 }),
      rootRuns: false,
      lng: "TH",
      url: "/login?tab=sms",
    });
    const heading = await screen.findByRole("heading", { level: 1 });
    expect(heading.textContent).toBe(text("TH", "error_page_403_title"));
    expect(screen.getByText(text("TH", "error_page_403_text"))).toBeTruthy();
    // The English text/plain body is for logs, never for the player.
    expect(screen.queryByText(/This form has expired/)).toBeNull();
    const header = screen.getByRole("banner");
    expect(
      within(header)
        .getByRole("link", { name: text("TH", "error_page_home") })
        .getAttribute("href"),
    ).toBe("/");
    expect(header.querySelector(".language-menu")).toBeNull();
    expect(within(header).queryByRole("link", { name: text("TH", "login") })).toBeNull();
    expect(screen.getByRole("link", { name: text("TH", "error_page_reload_form") }).getAttribute("href")).toBe("/login?tab=sms");
    expect(screen.getByRole("link", { name: text("TH", "back_home") }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("contentinfo")).toBeTruthy();
  });

  it.each([400, 403, 404, 405, 413, 429, 500, 503])("%i has a title and a message of its own in all six languages", async (status) => {
    const { title, text: message } = errorTexts(status);
    for (const lng of LOCALES) {
      expect(text(lng, title), `${lng} ${title}`).toBeTruthy();
      expect(text(lng, message), `${lng} ${message}`).toBeTruthy();
    }
    await renderError({ thrown: new Response("", { status }), rootRuns: false, lng: "EN" });
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(text("EN", title));
    expect(screen.getByText(text("EN", "error_page_label").replace("{{status}}", String(status)))).toBeTruthy();
  });

  it("another client error and another server error get the general texts of their class", () => {
    expect(errorTexts(418).title).toBe("error_page_4xx_title");
    expect(errorTexts(502).title).toBe("error_page_500_title");
  });

  it("the operator's reason for a 503 is the message", async () => {
    await renderError({
      thrown: json({ notice: { key: "timeout, retry please" } }, { status: 503 }),
      rootRuns: false,
      lng: "EN",
    });
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(text("EN", "error_page_503_title"));
    expect(screen.getByText(text("EN", "timeout, retry please"))).toBeTruthy();
  });
});
