/**
 * The higher-rate confirmation (document 002, section 4; decision 031): a contract whose
 * downlineHigherRate is Y is accepted only from here. Cancel goes back to the list; Confirm
 * posts the accept, with the confirmation and a one-time key, to /contracts. A route of its
 * own, so it is a page without scripts and a dialog with them.
 */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { OnceField } from "~/components/once-field";
import { usePageTranslation } from "~/i18n/translation";
import { CONTRACTS_PATH } from "~/features/contracts/contracts";
import { identityOf, identitySchema } from "~/features/contracts/contract-post.server";
import { contractCard, contractsOf, contractsRedirect, findContract, kindOn, openContracts } from "~/features/contracts/contracts.server";
import { ContractOverlay, ContractTerms } from "~/features/contracts/contract-views";
import { loadSettings } from "~/features/site/site.server";
import { newOnceKey } from "~/server/once.server";

export const handle = { i18n: "contracts" };

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await openContracts(request);
  const url = new URL(request.url);
  const redirectTo = contractsRedirect(url.searchParams.get("redirectTo"));
  const back = `${CONTRACTS_PATH}?${new URLSearchParams({ redirectTo })}`;
  const parsed = identitySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success || (parsed.data.kind !== "dividend" && !parsed.data.id)) throw redirect(back, 303);
  const [list, settings] = await Promise.all([contractsOf(request, context), loadSettings(context.locale)]);
  const contract = findContract(list, identityOf(parsed.data));
  // Only a waiting higher-rate request is confirmed here; anything else is decided on the list.
  if (!contract || !contract.higherRate || contract.section !== "request" || !kindOn(contract.kind, context.features))
    throw redirect(back, 303);
  return json({ card: contractCard(contract, settings), once: newOnceKey(), redirectTo, back });
}

export default function ConfirmHigherRate() {
  const { t } = usePageTranslation();
  const { card, once, redirectTo, back } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === CONTRACTS_PATH;
  const fields = card.fields;
  return (
    <ContractOverlay closeTo={back} titleId="confirm-title">
      <h1 id="confirm-title">{t("contract_confirm_title")}</h1>
      <p className="notice notice--warning" data-testid="higher-rate-warning">
        {t("contract_confirm_text", {
          kind: t(`contract_kind_${card.kind}`),
          product: t(`contract_product_${card.productType}`, { defaultValue: card.productType }),
        })}
      </p>
      <ContractTerms terms={card.terms} />
      {card.tiers ? (
        <ul className="contract-tier-list">
          {card.tiers.rows.map((row, i) => (
            <li key={i}>{card.tiers?.columns.map((c, j) => `${t(c)} ${row[j]}`).join(" · ")}</li>
          ))}
        </ul>
      ) : null}
      <Form method="post" action={`${CONTRACTS_PATH}?${new URLSearchParams({ redirectTo })}`} className="contract-card__actions">
        <AuthenticityTokenInput />
        <OnceField value={once} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="confirmed" value="1" />
        <Link to={back} className="button button--secondary" data-testid="confirm-cancel">
          {t("contract_confirm_cancel")}
        </Link>
        <button type="submit" name="intent" value="accept" className="button" disabled={sending} data-testid="confirm-accept">
          {t(sending ? "contract_sending" : "contract_confirm_accept")}
        </button>
      </Form>
    </ContractOverlay>
  );
}
