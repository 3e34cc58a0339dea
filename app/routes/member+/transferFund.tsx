/**
 * My wallet (transferFund, document 002 sections 2 and 3): the main and game wallets with their
 * balances and total, and a transfer between two of them (GCS_walletTransfer). Hidden for a
 * single-wallet merchant (isSingle 1) and by the MYWALL switch (decision 037); an account with
 * one wallet sees it and no transfer form. The transfer carries a one-time key: a double click, a
 * reload of the post or a second tab moves the money once.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { forgetCentreFacts, memberPage, requireMemberPage } from "~/features/member/centre.server";
import { memberHref } from "~/features/member/routes";
import { getZodConstraint, parseWithZod, transferSchema } from "~/schemas/forms.server";
import { TRANSFER_MESSAGES } from "~/features/member/transfer-messages";
import { balancesById, forgetWallets, loadWallets } from "~/features/member/wallets.server";
import { operatorFailure } from "~/operator/errors";
import { formFailure } from "~/operator/operator.server";
import { openPlayerAction } from "~/server/gate.server";
import { newOnceKey, once } from "~/server/once.server";
import { commitSession } from "~/server/session.server";
import { isBalanceHidden } from "~/server/preferences.server";
import { deferred } from "~/components/deferred";

// ── loader ──────────────────────────────────────────────────────────────────────────────

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMemberPage(request, "transferFund");
  const [wallets, hidden] = await Promise.all([loadWallets(request, member.operator), isBalanceHidden(request)]);
  const from = new URL(request.url).searchParams.get("from");
  const ids = new Set(wallets?.wallets.map((w) => w.id));
  const main = wallets?.wallets.find((w) => w.main)?.id ?? "";
  // A click on a game wallet moves its money home; a click on the main wallet starts from it.
  const defaultFrom = from && ids.has(from) ? from : main;
  const defaultTo = defaultFrom === main ? (wallets?.wallets.find((w) => !w.main)?.id ?? "") : main;
  return json({ wallets, hidden, defaultFrom, defaultTo, once: newOnceKey(), constraint: getZodConstraint(transferSchema()) });
}

// ── action ──────────────────────────────────────────────────────────────────────────────

/** Operator codes that belong beside a field (a function, so the browser's bundle leaves it out). */
function fieldForCode(code: string): [field: string, message: string] | undefined {
  const fields: Record<string, [string, string]> = {
    "balance.insufficient": ["amount", TRANSFER_MESSAGES.amountTooLarge],
    "amount.invalid": ["amount", TRANSFER_MESSAGES.amountFormat],
    "wallet.same": ["to", TRANSFER_MESSAGES.sameWallet],
    "wallet.not.found": ["from", TRANSFER_MESSAGES.walletRequired],
  };
  return fields[code];
}

export async function action({ request, context }: ActionFunctionArgs) {
  const opening = await openPlayerAction(request, context, memberPage("transferFund"), { maxBytes: 8 * 1024 });
  return once(opening, async () => {
    // The balances the amount is checked against are read now, not taken from the page.
    const wallets = await loadWallets(request, opening.operator);
    const submission = parseWithZod(opening.formData, { schema: transferSchema(wallets ? balancesById(wallets) : undefined) });
    const refused = (result: unknown, status: number) => json({ result, once: newOnceKey() }, { status, headers: opening.headers });
    if (submission.status !== "success") return refused(submission.reply(), 400);
    const { from, to, amount } = submission.value;
    try {
      await opening.operator.call("walletTransfer", { body: { from, to, amount } });
    } catch (error) {
      const field = fieldForCode(operatorFailure(error).code ?? "");
      if (field) return refused(submission.reply({ fieldErrors: { [field[0]]: [field[1]] } }), 400);
      const { status, message } = await formFailure(request, error);
      return refused(submission.reply({ formErrors: [message] }), status);
    }
    forgetWallets(opening.operator);
    forgetCentreFacts(opening.session.id);
    opening.session.flash("notice", { key: "transfer_done" });
    opening.headers.append("Set-Cookie", await commitSession(opening.session));
    return redirect(memberHref("transferFund", { from }), { status: 303, headers: opening.headers });
  });
}

// ── view ────────────────────────────────────────────────────────────────────────────────

// The view, its form and conform arrive after the page (decision 043).
export default deferred(() => import("./transferFund.view").then((m) => m.TransferFundView));
