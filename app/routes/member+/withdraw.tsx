/**
 * Withdraw: as deposit, the operator's cashier takes the player's withdrawal (decision 026).
 * Hidden by CREDITMAR3 and WITHDRAW.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { cashierAction, cashierLoader } from "~/features/member/cashier.server";
import { CashierPage } from "~/features/member/cashier-page";

export const loader = ({ request }: LoaderFunctionArgs) => cashierLoader(request, "withdraw");
export const action = ({ request, context }: ActionFunctionArgs) => cashierAction(request, context, "withdraw");

export default function Withdraw() {
  return <CashierPage kind="withdraw" />;
}
