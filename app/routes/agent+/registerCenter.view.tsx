/**
 * The view of registerCenter.tsx, which draws it deferred: its code and conform arrive after the page (decision 043).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary, SubmitButton } from "~/components/forms";
import { RadioGroup, TextField } from "~/components/fields";
import { OnceField } from "~/components/once-field";
import { useClientCheck } from "~/components/client-check";
import { usePageTranslation } from "~/i18n/translation";
import type { loader, action } from "./registerCenter";

export function RegisterCenterView() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const check = useClientCheck((m) => m.downlineRegisterSchema(data.fields, data.opensAgents));
  const [form, fields] = useForm({
    id: "register-downline",
    lastResult: answer?.result as never,
    constraint: data.constraint,
    defaultValue: { agentType: "0" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  const labels = {
    username: t("agent_username"),
    password: t("agent_password"),
    verifyPwd: t("agent_password_again"),
    nickname: t("agent_nickname"),
  };
  const shown = data.fields.map((f) => f.key as "username" | "password" | "verifyPwd");
  return (
    <section className="member-page" aria-labelledby="register-title">
      <h1 id="register-title">{t("agent_page_registerCenter")}</h1>
      <p>{t("agent_register_intro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="transfer-form">
        <AuthenticityTokenInput />
        <OnceField value={answer?.once ?? data.once} />
        <ErrorSummary
          form={form}
          fields={[
            ...[...shown, "nickname" as const].map((key) => ({ field: fields[key], label: labels[key] })),
            ...(data.opensAgents ? [{ field: fields.agentType, label: t("agent_kind") }] : []),
          ]}
        />
        {shown.map((key) => (
          <TextField
            key={key}
            field={fields[key]}
            label={labels[key]}
            type={key === "username" ? "text" : "password"}
            autoComplete={key === "username" ? "off" : "new-password"}
            hint={key === "username" ? t("agent_username_hint") : undefined}
          />
        ))}
        <TextField field={fields.nickname} label={labels.nickname} hint={t("agent_nickname_hint")} />
        {data.opensAgents ? (
          <RadioGroup
            field={fields.agentType}
            label={t("agent_kind")}
            className="agent-kind-choice"
            options={[
              { value: "0", label: t("agent_kind_label_member") },
              { value: "2", label: t("agent_kind_label_agent") },
            ]}
          />
        ) : null}
        <SubmitButton pendingLabel={t("agent_registering")}>{t("agent_register_submit")}</SubmitButton>
      </Form>
      {data.affiliateCode ? (
        <aside className="agent-affiliate" data-testid="affiliate">
          <p>
            {t("agent_affiliate_code")}: <strong data-testid="affiliate-code">{data.affiliateCode}</strong>
          </p>
          {data.link ? (
            <p>
              {t("agent_affiliate_link")}:{" "}
              <Link to={data.link.path} className="agent-affiliate__link">
                {data.link.full}
              </Link>
            </p>
          ) : null}
        </aside>
      ) : null}
    </section>
  );
}
