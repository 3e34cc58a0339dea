/**
 * Register a downline (registerCenter, decision 032): an account under this agent, checked by
 * the merchant's register rules (the accounts area's username and password fields), a member or,
 * for a first-level agent, an agent. With the agent's affiliate code and the link that registers
 * players under it. One-time key: a double submit opens one account.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary, SubmitButton } from "~/components/forms";
import { RadioGroup, TextField } from "~/components/fields";
import { OnceField } from "~/components/once-field";
import { agentPage, requireAgentPage, type AgentContext } from "~/features/agent/centre.server";
import { downlineFields } from "~/features/agent/downline";
import { downlineRegisterSchema, getZodConstraint, parseWithZod } from "~/schemas/forms.server";
import { useClientCheck } from "~/components/client-check";
import { agentHref, opensAgents } from "~/features/agent/pages";
import { loadRegisterRules } from "~/features/auth/register.server";
import { operatorFailure } from "~/operator/errors";
import { formFailure, quietly } from "~/operator/operator.server";
import { openPlayerAction } from "~/server/gate.server";
import { newOnceKey, once } from "~/server/once.server";
import { commitSession } from "~/server/session.server";
import { usePageTranslation } from "~/i18n/translation";

export const handle = { i18n: ["agent", "member", "auth"] };

async function formOf(request: Request, context: AgentContext) {
  const [rules, overview] = await Promise.all([
    loadRegisterRules(context.operator).catch(() => []),
    context.features.has("AGEINFO3") ? quietly(request, context.operator.call("agentOverview")) : null,
  ]);
  const fields = downlineFields(rules);
  const code = overview?.affiliateCode ?? null;
  return { fields, affiliateCode: code, opensAgents: opensAgents(context.facts) };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireAgentPage(request, "registerCenter");
  const form = await formOf(request, context);
  // The link names this site as the agent reached it, and carries the code as `r`, the one
  // registration reads (000 §5); a sign-up through it joins this agent's team.
  const origin = new URL(request.url).origin;
  const path =
    form.affiliateCode && context.features.has("CREATEAFF3") ? `/register?${new URLSearchParams({ r: form.affiliateCode })}` : null;
  return json({
    ...form,
    link: path ? { path, full: `${origin}${path}` } : null,
    once: newOnceKey(),
    constraint: getZodConstraint(downlineRegisterSchema(form.fields, form.opensAgents)),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const opening = await openPlayerAction(request, context, agentPage("registerCenter"), { maxBytes: 8 * 1024 });
  const { fields, opensAgents: agents } = await formOf(request, opening);
  const submission = parseWithZod(opening.formData, { schema: downlineRegisterSchema(fields, agents) });
  const secret = { hideFields: ["password", "verifyPwd"] };
  const refused = (result: unknown, status: number) => json({ result, once: newOnceKey() }, { status, headers: opening.headers });
  if (submission.status !== "success") return refused(submission.reply(secret), 400);
  // This form does not show the team: when the operator's answer is lost (decision 035), the
  // player is sent to look for the account where it would be.
  const checkAt = agentHref("teamManagement", { q: submission.value.username ?? "" });
  return once(
    opening,
    async () => {
      const { username, password, nickname, agentType } = submission.value;
      try {
        await opening.operator.call("registerDownline", { body: { username, password, nickname, agentType: Number(agentType) } });
      } catch (error) {
        const code = operatorFailure(error).code;
        if (code === "username.registered")
          return refused(submission.reply({ ...secret, fieldErrors: { username: ["agent_username_taken"] } }), 400);
        const { status, message } = await formFailure(request, error);
        return refused(submission.reply({ ...secret, formErrors: [message] }), status);
      }
      opening.session.flash("notice", { key: "agent_downline_registered" });
      opening.headers.append("Set-Cookie", await commitSession(opening.session));
      return redirect(agentHref("teamManagement", { q: username ?? "" }), { status: 303, headers: opening.headers });
    },
    { checkAt },
  );
}

export default function RegisterCenter() {
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
