/**
 * The apply-reward form (document 002, section 5): remarks and up to three pictures, posted as
 * multipart with a one-time key. The route draws it deferred (components/deferred.tsx): it and
 * conform arrive after the page, and until then it is a plain post.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary, SubmitButton } from "~/components/forms";
import { TextareaField } from "~/components/fields";
import { PictureField } from "~/components/picture-field";
import { OnceField } from "~/components/once-field";
import { useClientCheck, type FormConstraint } from "~/components/client-check";
import { usePageTranslation } from "~/i18n/translation";
import { MAX_IMAGES, MAX_REMARKS, PICTURES_ACCEPT } from "./reward-claim";

interface Props {
  promotion: { id: number; remarkRequired: boolean; imageRequired: boolean };
  result: SubmissionResult<string[]> | undefined;
  once: string;
  constraint: FormConstraint;
  /** Where the cancel link goes: the reward centre. */
  cancelHref: string;
}

export function ApplyRewardForm({ promotion, result, once, constraint, cancelHref }: Props) {
  const { t } = usePageTranslation();
  const check = useClientCheck((m) =>
    m.claimSchema({ remarkRequired: promotion.remarkRequired, imageRequired: promotion.imageRequired }, true),
  );
  const [form, fields] = useForm({
    id: `apply-${promotion.id}`,
    lastResult: result,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  const remarks = fields.remarks;
  const pictures = fields.pictures;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate>
      <AuthenticityTokenInput />
      <OnceField value={once} />
      <ErrorSummary
        form={form}
        fields={[
          { field: remarks, label: t("reward_remarks") },
          { field: pictures, label: t("reward_pictures") },
        ]}
      />
      <TextareaField
        field={remarks}
        label={
          <>
            {t("reward_remarks")} {promotion.remarkRequired ? <span className="field__required">*</span> : null}
          </>
        }
        hint={t("reward_remarks_hint", { max: MAX_REMARKS })}
        rows={3}
      />
      <PictureField
        field={pictures}
        label={
          <>
            {t("reward_pictures")} {promotion.imageRequired ? <span className="field__required">*</span> : null}
          </>
        }
        hint={t("reward_pictures_hint")}
        max={MAX_IMAGES}
        accept={PICTURES_ACCEPT}
      />
      <p className="actions">
        <SubmitButton pendingLabel={t("reward_sending")}>{t("reward_apply_submit")}</SubmitButton>
        <a href={cancelHref} className="button button--secondary">
          {t("reward_apply_cancel")}
        </a>
      </p>
    </Form>
  );
}
