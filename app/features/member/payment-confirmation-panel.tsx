/**
 * The payment confirmation panel: one receipt, "received", and "not received" whose first press
 * reveals the proof upload (with scripts in place, without through ?proof=<id>) and whose second
 * press needs the file. Drawn by the /payment-confirmation page (a plain Form) and by the dialog
 * the root opens with scripts (a fetcher's Form). Its text is in `common`: the dialog opens over
 * pages of every area.
 */
import { type Form, Link } from "@remix-run/react";
import { useState, type ComponentProps, type ComponentType } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { PictureField } from "~/components/picture-field";
import { OnceField } from "~/components/once-field";
import { usePageTranslation } from "~/i18n/translation";
import { IMAGE_ACCEPT } from "~/lib/uploads";

export interface ConfirmationPageData {
  item: { payDetailId: string; amount: string; remaining: string | null; payer: string; auto: boolean } | null;
  position: number;
  total: number;
  /** The receipt whose proof upload is open (without scripts). */
  proofFor: string | null;
  redirectTo: string;
  once: string;
  unavailable: boolean;
}

export type ConfirmationAnswer = { error?: string; once?: string; payDetailId?: string | null; done?: string } | null;

/** A Remix Form or a fetcher's Form: the page posts as a navigation, the dialog in place. */
type FormLike = ComponentType<ComponentProps<typeof Form>>;

export function PaymentConfirmationPanel({
  data,
  answer,
  FormAs,
  action,
  done = false,
}: {
  data: ConfirmationPageData;
  answer: ConfirmationAnswer;
  FormAs: FormLike;
  /** The form's address (the dialog posts to the page's route). */
  action?: string;
  /** The receipt was answered: shown for a moment before the next one. */
  done?: boolean;
}) {
  const { t } = usePageTranslation("common");
  const item = data.item;
  const refusedHere = answer?.error && answer.payDetailId === item?.payDetailId;
  const [proofOpen, setProofOpen] = useState(false);
  const showProof = Boolean(
    item && (data.proofFor === item.payDetailId || proofOpen || (refusedHere && answer?.error?.startsWith("confirmation_proof"))),
  );
  if (!item) {
    return (
      <section className="confirmation" aria-labelledby="confirmation-title">
        <h2 id="confirmation-title">{t("confirmation_title")}</h2>
        {answer?.error ? (
          <p className="notice notice--error" role="alert" id="confirmation-error">
            {t(answer.error)}
          </p>
        ) : null}
        <p>{data.unavailable ? t("confirmation_unavailable") : t("confirmation_none")}</p>
        <Link to={data.redirectTo} className="button button--secondary">
          {t("confirmation_back")}
        </Link>
      </section>
    );
  }
  const proofHref = `/payment-confirmation?${new URLSearchParams({ proof: item.payDetailId, redirectTo: data.redirectTo })}`;
  return (
    <section
      className="confirmation"
      aria-labelledby="confirmation-title"
      data-testid="payment-confirmation"
      data-pay-detail={item.payDetailId}
    >
      <h2 id="confirmation-title">{t("confirmation_title")}</h2>
      <p className="confirmation__count">{t("confirmation_position", { position: data.position, total: data.total })}</p>
      <p>{t("confirmation_question")}</p>
      <dl className="confirmation__facts">
        <div>
          <dt>{t("confirmation_amount")}</dt>
          <dd data-testid="confirmation-amount">{item.amount}</dd>
        </div>
        {item.remaining ? (
          <div>
            <dt>{t("confirmation_remaining")}</dt>
            <dd>{item.remaining}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("confirmation_payer")}</dt>
          <dd>{item.payer || "—"}</dd>
        </div>
      </dl>
      {item.auto ? <p className="field__hint">{t("confirmation_auto")}</p> : null}
      {done ? (
        <p className="notice notice--success" role="status">
          {t("confirmation_done")}
        </p>
      ) : null}
      {refusedHere ? (
        <p className="notice notice--error" role="alert" id="confirmation-error">
          {t(answer!.error!)}
        </p>
      ) : null}
      <FormAs method="post" action={action} encType="multipart/form-data" className="confirmation__form">
        <AuthenticityTokenInput />
        <OnceField value={answer?.once ?? data.once} />
        <input type="hidden" name="payDetailId" value={item.payDetailId} />
        <input type="hidden" name="redirectTo" value={data.redirectTo} />
        {showProof ? (
          <PictureField
            field={{ id: "confirmation-proof", name: "proof", errorShownAt: refusedHere ? "confirmation-error" : undefined }}
            label={t("confirmation_proof")}
            hint={t("confirmation_proof_hint")}
            accept={IMAGE_ACCEPT}
            max={1}
            required
          />
        ) : null}
        <p className="actions">
          <button type="submit" name="intent" value="received" className="button" disabled={done}>
            {t("confirmation_received")}
          </button>
          {showProof ? (
            <button type="submit" name="intent" value="notReceived" className="button button--secondary" disabled={done}>
              {t("confirmation_not_received_send")}
            </button>
          ) : (
            // The first press only opens the upload: a link without scripts, a toggle with them.
            <Link
              to={proofHref}
              className="button button--secondary"
              onClick={(event) => {
                event.preventDefault();
                setProofOpen(true);
              }}
            >
              {t("confirmation_not_received")}
            </Link>
          )}
        </p>
      </FormAs>
    </section>
  );
}
