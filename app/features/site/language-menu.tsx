/**
 * The visitor's form the header's language picker posts (the picker itself is a shared fragment,
 * shell-fragments.tsx) and the language choices of the /lang page.
 */
import { Form, useLocation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { HTML_LANG, LANGUAGE_NAMES, type Locale } from "~/i18n/config";

/** The id of the form the language picker's buttons post (shell-fragments.tsx draws them). */
export const LANGUAGE_FORM = "language-form";

/** The visitor's part of the language picker: the form its buttons post, with the form token and the way back. */
export function LanguageForm() {
  const { pathname, search } = useLocation();
  return (
    <form id={LANGUAGE_FORM} method="post" action="/resources/lang" hidden>
      <AuthenticityTokenInput />
      <input type="hidden" name="redirectTo" value={pathname + search} />
    </form>
  );
}

/**
 * The languages as buttons of one plain form to the language switch, which comes back to
 * `redirectTo` (the header's picker and the /lang page).
 */
export function LanguageChoices({
  locale,
  languages,
  redirectTo,
  className,
  choiceClass,
}: {
  locale: Locale;
  languages: readonly Locale[];
  redirectTo: string;
  className: string;
  choiceClass: (current: boolean) => string;
}) {
  return (
    <Form method="post" action="/resources/lang" className={className} reloadDocument>
      <AuthenticityTokenInput />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {languages.map((lng) => (
        <button
          key={lng}
          type="submit"
          name="lng"
          value={lng}
          lang={HTML_LANG[lng]}
          className={choiceClass(lng === locale)}
          aria-current={lng === locale ? "true" : undefined}
        >
          {LANGUAGE_NAMES[lng]}
        </button>
      ))}
    </Form>
  );
}
