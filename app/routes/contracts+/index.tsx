/**
 * Contract requests (document 002, sections 2–4; decision 031): the dividend, daily, hourly and
 * real-time salary contracts an upline offers, in two sections: new requests (P, E) to accept
 * or reject, and active contracts (V) to terminate. Each action is a plain POST with the
 * contract's identity and a one-time key; a higher rate is accepted only through its own
 * confirmation (/contracts/confirm). After each action the list is read again and the result
 * shown. With scripts this opens as a dialog over the page the player was on.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { usePageTranslation } from "~/i18n/translation";
import { CONFIRM_PATH, CONTRACTS_PATH, actionPayload, identityKey, intentsFor, INTENT_STATUS } from "~/features/contracts/contracts";
import { contractPostSchema, identityOf } from "~/features/contracts/contract-post.server";
import {
  ACTION_ENDPOINT,
  contractCard,
  contractsOf,
  contractsRedirect,
  findContract,
  forgetContracts,
  kindOn,
  openContracts,
  shownContracts,
} from "~/features/contracts/contracts.server";
import { ContractCardView, ContractOverlay } from "~/features/contracts/contract-views";
import { loadSettings } from "~/features/site/site.server";
import { formFailure } from "~/operator/operator.server";
import { openPlayerAction } from "~/server/gate.server";
import { newOnceKey, once } from "~/server/once.server";
import { commitSession } from "~/server/session.server";

export const handle = { i18n: "contracts" };

const DONE = ["accept", "reject", "terminate", "keep"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await openContracts(request);
  const url = new URL(request.url);
  const [list, settings] = await Promise.all([contractsOf(request, context), loadSettings(context.locale)]);
  const cards = shownContracts(list, context.features).map((c) => ({ card: contractCard(c, settings), once: newOnceKey() }));
  const headers = new Headers();
  // Seen this visit: the dialog no longer opens by itself (the header's badge still leads here).
  if (!context.session.get("contractsSeen")) {
    context.session.set("contractsSeen", true);
    headers.append("Set-Cookie", await commitSession(context.session));
  }
  const done = url.searchParams.get("done");
  return json(
    {
      requests: cards.filter((c) => c.card.section === "request"),
      terminations: cards.filter((c) => c.card.section === "termination"),
      redirectTo: contractsRedirect(url.searchParams.get("redirectTo")),
      done: (DONE as readonly string[]).includes(done ?? "") ? done : null,
      unavailable: list === null && [0, 1, 2].includes(context.isAgent),
    },
    { headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const opening = await openPlayerAction(request, context, openContracts, { maxBytes: 4 * 1024 });
  const redirectTo = contractsRedirect(opening.formData.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"));
  const parsed = contractPostSchema.safeParse(Object.fromEntries(opening.formData));
  const refused = (error: string, status: number) => json({ error }, { status, headers: opening.headers });
  if (!parsed.success) return refused("contract_invalid", 400);
  const post = parsed.data;
  const identity = identityOf(post);
  return once(opening, async () => {
    // Read again, not from the memo: the contract must still be as the player saw it.
    forgetContracts(opening.operator);
    const list = await contractsOf(request, opening);
    if (!list) return refused("contract_unavailable", 503);
    const contract = findContract(list, identity);
    if (!contract || !kindOn(contract.kind, opening.features)) {
      // Decided by this login in another tab: say so, rather than blame the upline.
      const decided = opening.session.get("contractsDecided")?.[identityKey(identity)];
      return refused(decided && decided in INTENT_STATUS ? `contract_decided_${decided}` : "contract_gone", 409);
    }
    if (contract.section !== (post.shown === "V" ? "termination" : "request")) return refused("contract_moved_on", 409);
    if (!intentsFor(contract.kind, contract.status).includes(post.intent)) return refused("contract_invalid", 400);
    if (post.intent === "accept" && contract.higherRate && !post.confirmed) {
      const fields = { kind: post.kind, productType: post.productType, shown: post.shown, redirectTo };
      const extra = {
        ...(post.id ? { id: post.id } : {}),
        ...(post.computationPeriod ? { computationPeriod: post.computationPeriod } : {}),
      };
      return redirect(`${CONFIRM_PATH}?${new URLSearchParams({ ...fields, ...extra })}`, { status: 303, headers: opening.headers });
    }
    try {
      await opening.operator.call(ACTION_ENDPOINT[contract.kind], { body: actionPayload(contract, post.intent) });
    } catch (error) {
      const { status, message } = await formFailure(request, error);
      return refused(message, status);
    } finally {
      forgetContracts(opening.operator);
    }
    const decided = Object.entries(opening.session.get("contractsDecided") ?? {}).slice(-19);
    opening.session.set("contractsDecided", Object.fromEntries([...decided, [identityKey(identity), post.intent]]));
    opening.headers.append("Set-Cookie", await commitSession(opening.session));
    const done = new URLSearchParams({ redirectTo, done: post.intent, status: INTENT_STATUS[post.intent] });
    return redirect(`${CONTRACTS_PATH}?${done}`, { status: 303, headers: opening.headers });
  });
}

export default function Contracts() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const error = answer && "error" in answer ? answer.error : null;
  const empty = data.requests.length === 0 && data.terminations.length === 0;
  return (
    <ContractOverlay closeTo={data.redirectTo} titleId="contracts-title">
      <h1 id="contracts-title">{t("contracts_title")}</h1>
      {error ? (
        <div className="error-summary" role="alert" data-testid="contracts-error">
          <p>{t(error)}</p>
        </div>
      ) : data.done ? (
        <p className="notice notice--success" role="status" data-testid="contracts-done">
          {t(`contract_done_${data.done}`)}
        </p>
      ) : null}
      {data.unavailable ? <p className="notice notice--error">{t("contract_unavailable")}</p> : null}
      {empty && !data.unavailable ? <p className="empty-state">{t("contracts_empty")}</p> : null}
      {data.requests.length ? (
        <section aria-labelledby="contracts-requests" className="contracts-section">
          <h2 id="contracts-requests">
            {t("contracts_requests")} <span className="count-badge">{data.requests.length}</span>
          </h2>
          <div className="contract-list">
            {data.requests.map(({ card, once }) => (
              <ContractCardView key={card.key} card={card} once={once} redirectTo={data.redirectTo} actionPath={CONTRACTS_PATH} />
            ))}
          </div>
        </section>
      ) : null}
      {data.terminations.length ? (
        <section aria-labelledby="contracts-terminations" className="contracts-section">
          <h2 id="contracts-terminations">{t("contracts_terminations")}</h2>
          <p className="contracts-section__hint">{t("contracts_terminations_hint")}</p>
          <div className="contract-list">
            {data.terminations.map(({ card, once }) => (
              <ContractCardView key={card.key} card={card} once={once} redirectTo={data.redirectTo} actionPath={CONTRACTS_PATH} />
            ))}
          </div>
        </section>
      ) : null}
      <p className="contracts-continue">
        <Link to={data.redirectTo} className="button button--ghost" data-testid="contracts-continue">
          {t("contracts_continue")}
        </Link>
      </p>
    </ContractOverlay>
  );
}
