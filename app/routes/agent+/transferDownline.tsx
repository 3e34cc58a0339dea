/**
 * Transfer to downline (AGEDOWNTRANS3, decision 032): money from the agent's main wallet to one
 * downline, or to several at once (AGENTRANSMULTDOWN3: the same amount each, all or none). The
 * page after shows the agent's balance and each downline's balance after it. One-time key: the
 * money moves once (double click, reload, two tabs).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

import { agentPage, requireAgentPage } from "~/features/agent/centre.server";
import { splitNames } from "~/features/agent/downline";
import { downlineTransferSchema, getZodConstraint, parseWithZod } from "~/schemas/forms.server";
import { plainAmount } from "~/features/agent/format.server";
import { agentHref, multiTransfer } from "~/features/agent/pages";
import { forgetWallets, loadWallets } from "~/features/member/wallets.server";
import { operatorFailure } from "~/operator/errors";
import { formFailure, quietly } from "~/operator/operator.server";
import { openPlayerAction } from "~/server/gate.server";
import { newOnceKey, once } from "~/server/once.server";
import { commitSession } from "~/server/session.server";
import { isBalanceHidden } from "~/server/preferences.server";
import { deferred } from "~/components/deferred";

export const handle = { i18n: ["agent", "member"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireAgentPage(request, "transferDownline");
  const url = new URL(request.url);
  const to = [...(url.searchParams.get("to") ?? "")].slice(0, 600).join("");
  const sent = url.searchParams.get("sent") === "1" ? splitNames(to).slice(0, 20) : [];
  const [wallets, hidden, after] = await Promise.all([
    loadWallets(request, context.operator),
    isBalanceHidden(request),
    // The balances after a transfer: each downline read again (the operator's own figures).
    Promise.all(sent.map((username) => quietly(request, context.operator.call("downlineDetail", { body: { username } })))),
  ]);
  const main = wallets?.wallets.find((w) => w.main) ?? null;
  return json({
    to: sent.length ? "" : to,
    multi: multiTransfer(context.facts),
    main,
    // Without the wallets the page says so, as the member's transfer pages do.
    walletsUnavailable: wallets === null,
    hidden,
    after: after.flatMap((d) => (d ? [{ username: d.username, balance: plainAmount(d.balance) }] : [])),
    once: newOnceKey(),
    constraint: getZodConstraint(downlineTransferSchema(multiTransfer(context.facts))),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const opening = await openPlayerAction(request, context, agentPage("transferDownline"), { maxBytes: 8 * 1024 });
  const submission = parseWithZod(opening.formData, { schema: downlineTransferSchema(multiTransfer(opening.facts)) });
  const refused = (result: unknown, status: number) => json({ result, once: newOnceKey() }, { status, headers: opening.headers });
  if (submission.status !== "success") return refused(submission.reply(), 400);
  return once(opening, async () => {
    const names = splitNames(submission.value.to);
    try {
      await opening.operator.call("transferDownline", {
        body: { transfers: names.map((username) => ({ username, amount: submission.value.amount })) },
      });
    } catch (error) {
      const code = operatorFailure(error).code;
      if (code === "downline.not.found") return refused(submission.reply({ fieldErrors: { to: ["agent_transfer_not_downline"] } }), 400);
      // With several downlines the amount goes to each: what the wallet cannot cover is the total.
      const overdraft = names.length > 1 ? "agent_transfer_total_exceeds" : "transfer_amount_exceeds";
      if (code === "balance.insufficient") return refused(submission.reply({ fieldErrors: { amount: [overdraft] } }), 400);
      const { status, message } = await formFailure(request, error);
      return refused(submission.reply({ formErrors: [message] }), status);
    } finally {
      forgetWallets(opening.operator);
    }
    opening.session.flash("notice", { key: "transfer_done" });
    opening.headers.append("Set-Cookie", await commitSession(opening.session));
    return redirect(agentHref("transferDownline", { to: names.join(","), sent: "1" }), { status: 303, headers: opening.headers });
  });
}

// ── view ────────────────────────────────────────────────────────────────────────────────

// The view, its form and conform arrive after the page (decision 043).
export default deferred(() => import("./transferDownline.view").then((m) => m.TransferDownlineView));
