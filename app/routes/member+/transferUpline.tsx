/**
 * Transfer to upline (transferUpline, document 002 sections 2 and 6): money from the main wallet
 * to the member's upline agent. Open when member info says toUpline, isAgent is not 2 and the
 * AGETRANSFERUP3 switch is on. One-time key: the money moves once.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { memberPage, requireMemberPage } from "~/features/member/centre.server";
import { memberHref } from "~/features/member/routes";
import { getZodConstraint, parseWithZod, uplineSchema } from "~/schemas/forms.server";
import { TRANSFER_MESSAGES } from "~/features/member/transfer-messages";
import { forgetWallets, loadWallets } from "~/features/member/wallets.server";
import { operatorFailure } from "~/operator/errors";
import { formFailure } from "~/operator/operator.server";
import { openPlayerAction } from "~/server/gate.server";
import { newOnceKey, once } from "~/server/once.server";
import { commitSession } from "~/server/session.server";
import { isBalanceHidden } from "~/server/preferences.server";
import { deferred } from "~/components/deferred";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMemberPage(request, "transferUpline");
  const [wallets, hidden] = await Promise.all([loadWallets(request, member.operator), isBalanceHidden(request)]);
  const main = wallets?.wallets.find((w) => w.main) ?? null;
  return json({ main, hidden, once: newOnceKey(), constraint: getZodConstraint(uplineSchema()) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const opening = await openPlayerAction(request, context, memberPage("transferUpline"), { maxBytes: 4 * 1024 });
  return once(opening, async () => {
    const wallets = await loadWallets(request, opening.operator);
    const submission = parseWithZod(opening.formData, { schema: uplineSchema(wallets?.wallets.find((w) => w.main)?.raw) });
    const refused = (result: unknown, status: number) => json({ result, once: newOnceKey() }, { status, headers: opening.headers });
    if (submission.status !== "success") return refused(submission.reply(), 400);
    try {
      await opening.operator.call("transferUpline", { body: { amount: submission.value.amount } });
    } catch (error) {
      const code = operatorFailure(error).code;
      if (code === "balance.insufficient")
        return refused(submission.reply({ fieldErrors: { amount: [TRANSFER_MESSAGES.amountTooLarge] } }), 400);
      const { status, message } = await formFailure(request, error);
      return refused(submission.reply({ formErrors: [message] }), status);
    }
    forgetWallets(opening.operator);
    opening.session.flash("notice", { key: "transfer_done" });
    opening.headers.append("Set-Cookie", await commitSession(opening.session));
    return redirect(memberHref("transferUpline"), { status: 303, headers: opening.headers });
  });
}

// ── view ────────────────────────────────────────────────────────────────────────────────

// The view, its form and conform arrive after the page (decision 043).
export default deferred(() => import("./transferUpline.view").then((m) => m.TransferUplineView));
