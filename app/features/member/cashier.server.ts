/**
 * Deposit and withdraw hand the player to the operator's cashier (decision 026): the documents
 * show no fields for them, and money in and out is the operator's business. The post asks the
 * operator (MCSFE_getCashierUrl) for an address made for this player, once per key, and answers
 * a 303 to it; the address is the operator's (CSP form-action admits its origin).
 */
import { json, redirect } from "@remix-run/node";
import { memberPage, requireMemberPage } from "~/features/member/centre.server";
import { formFailure } from "~/operator/operator.server";
import { openPlayerAction } from "~/server/gate.server";
import { newOnceKey, once } from "~/server/once.server";

export type CashierKey = "depositv2" | "withdraw";
const KIND = { depositv2: "deposit", withdraw: "withdraw" } as const;

export async function cashierLoader(request: Request, routeKey: CashierKey) {
  await requireMemberPage(request, routeKey);
  return json({ once: newOnceKey() });
}

export async function cashierAction(request: Request, context: unknown, routeKey: CashierKey) {
  const opening = await openPlayerAction(request, context, memberPage(routeKey), { maxBytes: 4 * 1024 });
  return once(opening, async () => {
    // The cashier's Back leads to this page of the portal.
    const backUrl = new URL(request.url);
    backUrl.search = "";
    try {
      const { url } = await opening.operator.call("cashierUrl", {
        body: { type: KIND[routeKey], backUrl: backUrl.href, language: opening.locale },
      });
      return redirect(url, { status: 303, headers: opening.headers });
    } catch (error) {
      const { status, message } = await formFailure(request, error);
      return json({ formError: message, once: newOnceKey() }, { status, headers: opening.headers });
    }
  });
}
