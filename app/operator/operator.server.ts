/**
 * The operator client as routes use it: one client per process, bound per request to the
 * caller's session, language and device. Failures are handled here, in one place.
 */
import { OperatorClient, type CallContext, type CallInput } from "./client.server";
import type { EndpointName } from "./endpoints";
import { noticeFor, OperatorError, type Notice } from "./errors";
import { operatorConfig } from "~/config.server";
import { endSession, getSession, type PortalSession } from "~/session.server";
import type { Locale } from "~/i18n/config";
import type { Features } from "~/lib/features";

let client: OperatorClient | undefined;

export function operatorClient(): OperatorClient {
  return (client ??= new OperatorClient(operatorConfig()));
}

export interface BoundOperator {
  call<T = unknown>(name: EndpointName, input?: CallInput): Promise<T>;
  context: CallContext;
}

/** The client bound to one request: its player's token, language, device and switches. */
export function bindOperator(
  session: PortalSession,
  locale: Locale,
  deviceId?: string | null,
  features?: Features,
): BoundOperator {
  const context: CallContext = {
    token: session.get("token") ?? null,
    language: locale,
    deviceId: deviceId ?? null,
    clientKey: session.id || deviceId || undefined,
    disabledModules: features?.disabledModules(),
  };
  return {
    context,
    call: (name, input) => operatorClient().call(name, context, input),
  };
}

/**
 * What a route does with a failed call, as the error catalogue says: session-ending codes and
 * 401 end the session and send the player home with the message (this throws the redirect);
 * 502 is only logged; everything else answers the notice to show, or null to stay quiet.
 * login_verify_required and bind_customer_required answer null: the route handles them.
 */
export async function handleOperatorError(request: Request, error: unknown): Promise<Notice | null> {
  if (!(error instanceof OperatorError)) throw error;
  if (error.kind === "session-ended" || error.kind === "unauthorized") {
    await endSession(await getSession(request), noticeFor(error));
  }
  if (error.kind === "bad-gateway") {
    // Status and operation only: a request of ours may carry a token and must not be logged.
    console.error(`operator ${error.operation}: 502 Bad Gateway`);
  }
  return noticeFor(error, error.alerts);
}
