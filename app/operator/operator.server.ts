/**
 * The operator client as routes use it: one client per process, bound per request to the
 * caller's session, language and device. Failures are handled here, in one place.
 */
import { OperatorClient, SHARED_READS_KEY, type CallContext, type CallInput } from "~/operator/client.server";
import type { AnswerOf, EndpointName } from "~/operator/endpoints";
import { failureStatus, noticeFor, noticeMessage, operatorFailure, OperatorError, type Notice } from "~/operator/errors";
import { operatorConfig } from "~/server/config.server";
import { endSession, getSession, type PortalSession } from "~/server/session.server";
import type { Locale } from "~/i18n/config";
import type { Features } from "~/lib/features";

let client: OperatorClient | undefined;

export function operatorClient(): OperatorClient {
  return (client ??= new OperatorClient(operatorConfig()));
}

export interface BoundOperator {
  call<N extends EndpointName>(name: N, input?: CallInput): Promise<AnswerOf<N>>;
  context: CallContext;
}

/** The client bound to one request: its player's token, language, device and switches. */
export function bindOperator(session: PortalSession, locale: Locale, deviceId?: string | null, features?: Features): BoundOperator {
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
 * The same client for reads that carry no token and are the same for every visitor (the
 * lottery's lists, issues and draws): they share one pool of upstream calls instead of taking
 * places in a player's six (document 000, section 7), and identical ones coalesce across visitors.
 */
export function sharedOperator(operator: BoundOperator): BoundOperator {
  return merchantOperator(operator.context.language, operator.context.disabledModules);
}

/** The merchant's own reads outside a request's operator (its status, read before any page): the same shared pool. */
export function merchantOperator(language: CallContext["language"], disabledModules?: CallContext["disabledModules"]): BoundOperator {
  const context: CallContext = { token: null, language, deviceId: null, clientKey: SHARED_READS_KEY, disabledModules };
  return { context, call: (name, input) => operatorClient().call(name, context, input) };
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
  // Status, operation and field paths only: a request of ours may carry a token and must not be logged.
  if (error.kind === "bad-gateway") console.error(`operator ${error.operation}: 502 Bad Gateway`);
  if (error.kind === "malformed") console.error(`operator ${error.operation}: malformed answer (${error.fields.join(", ")})`);
  return noticeFor(error, error.alerts);
}

/**
 * A failed call as a form answer: the catalogue's handling (which may end the session), then
 * the message for the error summary and the status (503 when the operator could not answer).
 */
export async function formFailure(request: Request, error: unknown): Promise<{ status: 400 | 503; message: string }> {
  const failure = operatorFailure(error);
  const notice = await handleOperatorError(request, failure);
  return { status: failureStatus(failure), message: noticeMessage(notice) };
}

/** A background call whose failure must not break the page: the catalogue handles it, the page gets null. */
export function quietly<T>(request: Request, call: Promise<T>): Promise<T | null> {
  return call.catch(async (error) => {
    await handleOperatorError(request, error);
    return null;
  });
}
