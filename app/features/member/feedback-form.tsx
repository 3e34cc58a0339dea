/**
 * The feedback form of /feedback and /member/feedback: who is writing, the question type, the
 * description (20 to 500 characters), the captcha, and an image for a logged-in player. A plain
 * multipart post; with scripts it checks the fields as the server does.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary, SubmitButton } from "~/components/forms";
import { SelectField, TextareaField, TextField } from "~/components/fields";
import { PictureField } from "~/components/picture-field";
import { usePageTranslation } from "~/i18n/translation";
import { IMAGE_ACCEPT } from "~/lib/uploads";
import { FEEDBACK_MAX, FEEDBACK_TYPES } from "~/features/member/feedback-messages";
import { useClientCheck, type FormConstraint } from "~/components/client-check";

export interface FeedbackPageData {
  open: boolean;
  captcha: string | null;
  loggedIn: boolean;
  sender: string;
  constraint: FormConstraint;
}

export function FeedbackForm() {
  const { t } = usePageTranslation();
  const data = useLoaderData<FeedbackPageData>();
  const answer = useActionData<{ result?: unknown }>();
  const { pathname } = useLocation();
  const check = useClientCheck((m) => m.feedbackSchema);
  const [form, fields] = useForm({
    id: "feedback",
    lastResult: answer?.result as never,
    constraint: data.constraint,
    defaultValue: { sender: data.sender },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  if (!data.open) return <p className="notice notice--info">{t("feedback_closed")}</p>;
  const fileErrors = (answer?.result as { error?: Record<string, string[]> } | undefined)?.error?.file ?? [];
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="feedback-form">
      <AuthenticityTokenInput />
      <ErrorSummary
        form={form}
        fields={[
          { field: fields.sender, label: t("feedback_sender") },
          { field: fields.type, label: t("feedback_type") },
          { field: fields.content, label: t("feedback_content") },
          { field: fields.captcha, label: t("captcha") },
          ...(fileErrors.length ? [{ field: { id: "feedback-file", name: "file", errors: fileErrors }, label: t("feedback_image") }] : []),
        ]}
      />
      <TextField field={fields.sender} label={t("feedback_sender")} autoComplete="name" />
      <SelectField field={fields.type} label={t("feedback_type")}>
        <option value="">{t("feedback_type_choose")}</option>
        {FEEDBACK_TYPES.map((code) => (
          <option key={code} value={code}>
            {t(`feedback_type_${code}`)}
          </option>
        ))}
      </SelectField>
      <TextareaField
        field={fields.content}
        label={t("feedback_content")}
        hint={t("feedback_content_hint", { max: FEEDBACK_MAX })}
        rows={6}
        maxLength={FEEDBACK_MAX + 100}
      />
      {data.loggedIn ? (
        <PictureField
          field={{ id: "feedback-file", name: "file", errors: fileErrors }}
          label={t("feedback_image")}
          hint={t("feedback_image_hint")}
          accept={IMAGE_ACCEPT}
          max={1}
        />
      ) : null}
      <div className="captcha">
        <TextField field={fields.captcha} label={t("captcha")} autoComplete="off" inputMode="numeric" />
        {data.captcha ? <img src={data.captcha} alt={t("captcha_image")} width="120" height="40" /> : null}
        <Link to={`${pathname}?captcha=refresh`} preventScrollReset replace>
          {t("captcha_refresh")}
        </Link>
      </div>
      <SubmitButton pendingLabel={t("feedback_sending")}>{t("feedback_send")}</SubmitButton>
    </Form>
  );
}
