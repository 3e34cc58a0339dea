/**
 * The benefit pages' shared parts (decision 028): a failed call as the page's message. Their
 * amounts are the merchant's money (app/features/site/money.server.ts).
 */
import { formFailure } from "~/operator/operator.server";

/** A page whose call failed still draws, with the catalogue's message and its status. */
export async function pageFailure(request: Request, error: unknown): Promise<{ error: string; status: number }> {
  const { status, message } = await formFailure(request, error);
  return { error: message, status };
}
