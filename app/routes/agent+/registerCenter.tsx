/**
 * Register a downline (registerCenter, decision 032): an account under this agent, checked by
 * the merchant's register rules (the accounts area's username and password fields), a member or,
 * for a first-level agent, an agent. With the agent's affiliate code and the link that registers
 * players under it. One-time key: a double submit opens one account.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { agentPage, requireAgentPage, type AgentContext } from "~/features/agent/centre.server";
import { downlineFields } from "~/features/agent/downline";
import { downlineRegisterSchema, getZodConstraint, parseWithZod } from "~/schemas/forms.server";
import { agentHref, opensAgents } from "~/features/agent/pages";
import { loadRegisterRules } from "~/features/auth/register.server";
import { operatorFailure } from "~/operator/errors";
import { formFailure, quietly } from "~/operator/operator.server";
import { openPlayerAction } from "~/server/gate.server";
import { newOnceKey, once } from "~/server/once.server";
import { commitSession } from "~/server/session.server";
import { deferred } from "~/components/deferred";

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

// ── view ────────────────────────────────────────────────────────────────────────────────

// The view, its form and conform arrive after the page (decision 043).
export default deferred(() => import("./registerCenter.view").then((m) => m.RegisterCenterView));
