/** The deposit and withdraw pages: what happens where, and the button that opens the operator's cashier. */
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { SubmitButton } from "~/components/forms";
import { OnceField } from "~/components/once-field";
import { usePageTranslation } from "~/i18n/translation";

export function CashierPage({ kind }: { kind: "deposit" | "withdraw" }) {
  const { t } = usePageTranslation();
  const data = useLoaderData<{ once: string }>();
  const answer = useActionData<{ formError?: string; once?: string }>();
  const title = kind === "deposit" ? t("member_page_depositv2") : t("member_page_withdraw");
  return (
    <section className="member-page cashier-page" aria-labelledby="cashier-title">
      <h1 id="cashier-title">{title}</h1>
      <p>{t(`cashier_${kind}_intro`)}</p>
      <ul className="cashier-page__points">
        <li>{t("cashier_point_operator")}</li>
        <li>{t("cashier_point_back")}</li>
        <li>{t("cashier_point_balance")}</li>
      </ul>
      {answer?.formError ? (
        <p className="notice notice--error" role="alert">
          {t(answer.formError)}
        </p>
      ) : null}
      <Form method="post">
        <AuthenticityTokenInput />
        <OnceField value={answer?.once ?? data.once} />
        <SubmitButton pendingLabel={t("cashier_opening")}>{t(`cashier_${kind}_open`)}</SubmitButton>
      </Form>
    </section>
  );
}
