/**
 * The contract requests' views (decision 031). ContractOverlay: with scripts, over the still
 * picture of the page the player came from, a modal whose Escape or × goes back there; without,
 * the same content as a page with a link back. ContractCardView: one contract's terms and its
 * plain-HTML form: hidden identity fields, a one-time key and one button per action.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { BackdropPicture, useBackdrop } from "~/components/backdrop";
import { OnceField } from "~/components/once-field";
import { RouteDialog } from "~/components/route-dialog";
import { usePageTranslation } from "~/i18n/translation";
import { CONFIRM_PATH, CONTRACTS_PATH, type Intent } from "~/features/contracts/contracts";
import type { ContractCard } from "~/features/contracts/contracts.server";
import { RecordsTable } from "~/features/reports/records-view";

/** A tier of a contract: its number and its figures under the card's columns (on a phone, a card of named lines). */
type TierRow = { tier: number; cells: string[] };

export function ContractOverlay({ closeTo, titleId, children }: { closeTo: string; titleId: string; children: ReactNode }) {
  const { t } = usePageTranslation();
  const backdrop = useBackdrop();
  return (
    <>
      {backdrop ? <BackdropPicture html={backdrop.html} /> : null}
      <RouteDialog back={backdrop?.from ?? closeTo} titleId={titleId} className="modal--wide contracts-dialog" over={Boolean(backdrop)}>
        {(inDialog) =>
          inDialog ? (
            <div className="panel contracts-panel">{children}</div>
          ) : (
            <div className="panel dialog-page dialog-page--wide contracts-panel">
              <Link to={closeTo} className="dialog-page__close" aria-label={t("dialog_close")} data-testid="contracts-close">
                ×
              </Link>
              {children}
            </div>
          )
        }
      </RouteDialog>
    </>
  );
}

const KIND_KEY = {
  dividend: "contract_kind_dividend",
  daily: "contract_kind_daily",
  hourly: "contract_kind_hourly",
  realtime: "contract_kind_realtime",
};

export function ContractCardView({
  card,
  once,
  redirectTo,
  actionPath,
}: {
  card: ContractCard;
  once: string;
  redirectTo: string;
  actionPath: string;
}) {
  const { t } = usePageTranslation();
  const navigation = useNavigation();
  // While any contract action is on its way, no other button sends a second one.
  const busy = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === CONTRACTS_PATH;
  const pressed = busy ? navigation.formData?.get("intent") : null;
  const sent = navigation.formData;
  const mine =
    busy &&
    sent?.get("kind") === card.kind &&
    sent.get("productType") === card.productType &&
    sent.get("id") === (card.fields.id ?? null) &&
    sent.get("computationPeriod") === (card.fields.computationPeriod ?? null);
  const confirmHref = `${CONFIRM_PATH}?${new URLSearchParams({ ...card.fields, redirectTo })}`;
  const label = (intent: Intent) => t(mine && pressed === intent ? "contract_sending" : `contract_${intent}`);
  return (
    <article
      className="contract-card"
      data-testid="contract-card"
      data-kind={card.kind}
      data-product={card.productType}
      data-status={card.status}
    >
      <header className="contract-card__head">
        <h3>
          <span className="contract-card__kind">{t(KIND_KEY[card.kind])}</span>
          {/* The flex gap parts the words on screen; a screen reader needs a character between them. */}
          <span className="visually-hidden">, </span>
          <span className="contract-card__product">{t(`contract_product_${card.productType}`, { defaultValue: card.productType })}</span>
        </h3>
        <span className={card.section === "request" ? "badge badge--pending" : "badge badge--active"}>
          {t(card.section === "request" ? "contract_status_pending" : "contract_status_active")}
        </span>
        {card.higherRate ? <span className="badge badge--warn">{t("contract_higher_rate_badge")}</span> : null}
      </header>
      {card.period ? (
        <p className="contract-card__period">
          {t("contract_period")}: {card.period.key ? t(card.period.key) : card.period.text}
        </p>
      ) : null}
      <ContractTerms terms={card.terms} />
      {card.tiers ? (
        <RecordsTable<TierRow>
          className="contract-tiers"
          columns={[
            { id: "tier", label: t("contract_tier"), cell: (row) => row.tier },
            ...card.tiers.columns.map((c, j) => ({ id: c, label: t(c), cell: (row: TierRow) => row.cells[j] })),
          ]}
          rows={card.tiers.rows.map((cells, i) => ({ tier: i + 1, cells }))}
          rowKey={(row) => row.tier}
        />
      ) : null}
      <Form method="post" action={`${actionPath}?${new URLSearchParams({ redirectTo })}`} className="contract-card__actions">
        <AuthenticityTokenInput />
        <OnceField value={once} />
        {Object.entries(card.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {card.intents.map((intent) =>
          intent === "accept" && card.higherRate ? (
            // A higher rate is accepted only through its confirmation, a route of its own.
            <Link key={intent} to={confirmHref} className="button" data-intent={intent}>
              {t("contract_accept")}
            </Link>
          ) : (
            <button
              key={intent}
              type="submit"
              name="intent"
              value={intent}
              className={intent === "accept" || intent === "keep" ? "button" : "button button--secondary"}
              disabled={busy}
              aria-busy={mine && pressed === intent}
              data-intent={intent}
            >
              {label(intent)}
            </button>
          ),
        )}
      </Form>
    </article>
  );
}

/** A dividend's terms: label and value, as the card and the higher-rate confirmation show them. */
export function ContractTerms({ terms }: { terms: ContractCard["terms"] }) {
  const { t } = usePageTranslation();
  if (!terms.length) return null;
  return (
    <dl className="contract-terms">
      {terms.map((term) => (
        <div key={term.label}>
          <dt>{t(term.label)}</dt>
          <dd>{term.value}</dd>
        </div>
      ))}
    </dl>
  );
}
