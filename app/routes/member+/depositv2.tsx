/**
 * Deposit (depositv2): the documents show no deposit fields, so the portal hands the player to
 * the operator's cashier (decision 026). The page says so; its one button asks the operator for a
 * cashier address made for this player and goes there. Hidden by CREDITMAR3 and DEPOSIT.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { cashierAction, cashierLoader } from "~/features/member/cashier.server";
import { CashierPage } from "~/features/member/cashier-page";

export const loader = ({ request }: LoaderFunctionArgs) => cashierLoader(request, "depositv2");
export const action = ({ request, context }: ActionFunctionArgs) => cashierAction(request, context, "depositv2");

export default function Deposit() {
  return <CashierPage kind="deposit" />;
}
