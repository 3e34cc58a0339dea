/**
 * Payment confirmation (document 002, sections 2–5): the receipts of peer-to-peer withdrawals,
 * one at a time. "Received" answers Y. "Not received" first asks for a proof (one jpg/jpeg/png of
 * at most 5 MB); the second press needs the file and answers N with it. Each answer carries a
 * one-time key. Without scripts this is a page (?proof=<id> shows the upload, and the next receipt
 * follows each answer); with scripts the root opens the same panel as a dialog over any page
 * (app/features/member/payment-confirmation-prompt.tsx), removes an answered receipt after half
 * a second and closes when none is left.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, Form } from "@remix-run/react";
import { requireMember } from "~/features/member/centre.server";
import { PaymentConfirmationPanel, type ConfirmationPageData } from "~/features/member/payment-confirmation-panel";
import { forgetConfirmations } from "~/features/member/payment-confirmation.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { merchantMoneyFor } from "~/features/site/money.server";
import { formFailure } from "~/operator/operator.server";
import { newOnceKey, once } from "~/server/once.server";
import { commitSession } from "~/server/session.server";
import { openPlayerAction } from "~/server/gate.server";
import { postSchema } from "./payment-confirmation.server";

export const handle = { i18n: "member" };

/**
 * The dialog loads and posts with ?dialog: it stays open on an empty list and after an answer
 * (Remix strips its own ?_data before loaders and actions see the address, so that cannot tell).
 */
const inDialog = (url: URL) => url.searchParams.has("dialog");

/**
 * The requests whose post was refused, by their load context (one per HTTP request, shared by the
 * action and the loaders that draw its answer). A plain post's refusal is drawn by this page's
 * loader, which would otherwise send a player with no receipt left away and lose the message.
 */
const refusedPosts = new WeakSet<object>();

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  const [list, money] = await Promise.all([
    member.operator.call("paymentConfirmations").catch(async (error) => {
      await formFailure(request, error);
      return null;
    }),
    merchantMoneyFor(request),
  ]);
  const refusedHere = typeof context === "object" && context !== null && refusedPosts.has(context);
  if (list && list.length === 0 && !inDialog(url) && !refusedHere) throw redirect(redirectTo, 303);
  const first = list?.[0] ?? null;
  const data: ConfirmationPageData = {
    item: first
      ? {
          payDetailId: first.payDetailId,
          amount: money.show(first.amount),
          remaining: money.format(first.remainingAmount),
          payer: first.payer ?? "",
          auto: first.isAutoConfirmed === "Y",
        }
      : null,
    position: 1,
    total: list?.length ?? 0,
    proofFor: url.searchParams.get("proof"),
    redirectTo,
    once: newOnceKey(),
    unavailable: list === null,
  };
  return json(data);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const opening = await openPlayerAction(request, context, requireMember, { upload: { field: "proof", maxFiles: 1 } });
  const url = new URL(request.url);
  const redirectTo = safeRedirect(opening.formData.get("redirectTo") ?? url.searchParams.get("redirectTo"), "/");
  const parsed = postSchema.safeParse(Object.fromEntries(opening.formData));
  const refused = (error: string, status = 400) => {
    if (typeof context === "object" && context !== null) refusedPosts.add(context);
    return json(
      { error, once: newOnceKey(), payDetailId: parsed.success ? parsed.data.payDetailId : null },
      { status, headers: opening.headers },
    );
  };
  if (!parsed.success) return refused("confirmation_invalid");
  const { intent, payDetailId } = parsed.data;
  const upload = opening.uploads.proof;
  if (intent === "notReceived") {
    if (upload.problems.length)
      return refused(upload.problems[0].problem === "too_large" ? "confirmation_proof_size" : "confirmation_proof_type");
    if (upload.files.length === 0) return refused("confirmation_proof_required");
  }
  return once(
    opening,
    async () => {
      try {
        await opening.operator.call("processC2CTransaction", {
          body: {
            payDetailId,
            isMoneyReceived: intent === "received" ? "Y" : "N",
            ...(intent === "notReceived" ? { proofOfNotReceive: upload.files[0].dataUrl() } : {}),
          },
        });
      } catch (error) {
        const { status, message } = await formFailure(request, error);
        return refused(message, status);
      }
      forgetConfirmations(opening.operator.context.clientKey ?? undefined);
      // The dialog's post stays where it is: the panel shows the answer, then the next receipt.
      if (inDialog(url)) return json({ done: payDetailId, once: newOnceKey() }, { headers: opening.headers });
      opening.session.flash("notice", { key: "confirmation_done" });
      opening.headers.append("Set-Cookie", await commitSession(opening.session));
      // The next receipt, or back where the player was when none is left (the notice shows there).
      const left = await opening.operator.call("paymentConfirmations").catch(() => null);
      const next = left && left.length === 0 ? redirectTo : `/payment-confirmation?${new URLSearchParams({ redirectTo })}`;
      return redirect(next, { status: 303, headers: opening.headers });
      // A lost answer goes back where the player was, with the notice: the receipts still waiting
      // (read fresh) prompt again there, and this page would move on from an empty list and lose it.
    },
    { checkAt: redirectTo },
  );
}

export default function PaymentConfirmationPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="panel dialog-page">
      <PaymentConfirmationPanel data={data} answer={answer ?? null} FormAs={Form} />
    </div>
  );
}
