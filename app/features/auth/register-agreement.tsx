import { Form } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { SubmitButton } from "~/components/forms";
import { CheckboxField } from "~/components/fields";

/** The ten paragraphs of the user agreement (agreement_p1 … agreement_p10). */
const AGREEMENT_PARAGRAPHS = Array.from({ length: 10 }, (_, i) => `agreement_p${i + 1}`);

/** The user agreement, ticked by default (document 000, section 5); the form comes after it. */
export function Agreement({ error }: { error: string | null }) {
  const { t } = usePageTranslation("auth");
  return (
    <section className="panel register-panel" aria-labelledby="agreement-title">
      <h1 id="agreement-title">{t("reg_agreement_title")}</h1>
      <div className="agreement" tabIndex={0}>
        {AGREEMENT_PARAGRAPHS.map((key) => (
          <p key={key}>{t(key)}</p>
        ))}
      </div>
      <Form method="post" id="agreement" noValidate>
        <AuthenticityTokenInput />
        {error ? (
          <div className="error-summary" role="alert">
            <p id="agreement-error">{t(error)}</p>
          </div>
        ) : null}
        <CheckboxField
          field={{ id: "agree", name: "agree", errorShownAt: error ? "agreement-error" : undefined }}
          label={t("reg_agreement_tick")}
          defaultChecked={!error}
        />
        <SubmitButton pendingLabel={t("reg_agree")} name="intent" value="agree">
          {t("reg_agree")}
        </SubmitButton>
      </Form>
    </section>
  );
}
