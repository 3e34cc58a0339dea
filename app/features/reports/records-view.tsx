/**
 * The parts every records page draws: the GET filter form (dates, a type, quick ranges as
 * links), the refused-query messages beside it (records-filter.tsx), the table that becomes a list of cards on a
 * phone, the totals row, the empty state and the pager. Plain HTML first: the form is a GET form
 * and every range and page is a link; with scripts the same schema checks the form on blur.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Pager } from "~/components/pager";
import { usePageTranslation } from "~/i18n/translation";
import { recordsHref } from "./records";
import type { RecordsFrame, Tone } from "./records.server";

/**
 * A column: its heading, its cell per row, and whether it is a number (right-aligned) or the
 * row's own heading (a table of figures by name, the months of the agent's overview).
 */
export interface Column<R> {
  id: string;
  label: string;
  cell: (row: R) => ReactNode;
  numeric?: boolean;
  rowHeader?: boolean;
  /** A page's own class on the column's cells (the agent pages' "numeric"). */
  className?: string;
}

/**
 * The records table: a real table on a wide screen; on a phone each row is a card whose cells
 * carry their heading (data-label). The totals row closes it. The table is named by a hidden
 * caption or by a heading beside it (labelledBy: on a phone a caption is squeezed beside the
 * cards); `className` adds a page's own classes (contract-tiers, agent-months, reward-table).
 */
export function RecordsTable<R>({
  caption,
  labelledBy,
  className,
  testId,
  columns,
  rows,
  rowKey,
  totals,
}: {
  caption?: string;
  labelledBy?: string;
  className?: string;
  testId?: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R, index: number) => string | number;
  totals?: { label: string; cells: Record<string, ReactNode> } | null;
}) {
  return (
    <div className="records-table-wrap">
      <table className={className ? `records-table ${className}` : "records-table"} aria-labelledby={labelledBy} data-testid={testId}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col" className={c.numeric ? "records-table__num" : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((c) =>
                c.rowHeader ? (
                  <th key={c.id} scope="row">
                    {c.cell(row)}
                  </th>
                ) : (
                  <td
                    key={c.id}
                    data-label={c.label || undefined}
                    className={[c.numeric ? "records-table__num" : "", c.className ?? ""].filter(Boolean).join(" ") || undefined}
                  >
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {totals ? (
          <tfoot>
            <tr className="records-table__totals" data-testid="records-totals">
              {columns.map((c, i) => {
                const value = i === 0 ? totals.label : totals.cells[c.id];
                const blank = value === undefined || value === null;
                return (
                  <td
                    key={c.id}
                    data-label={i === 0 || blank ? undefined : c.label}
                    className={
                      i === 0
                        ? "records-table__totals-label"
                        : blank
                          ? "records-table__blank"
                          : c.numeric
                            ? "records-table__num"
                            : undefined
                    }
                  >
                    {blank ? null : value}
                  </td>
                );
              })}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

/** A signed amount, coloured for a win (green) or a loss (red). */
export function Amount({ value }: { value: { text: string; tone: Tone } }) {
  return <span className={`amount amount--${value.tone}`}>{value.text}</span>;
}

/** No rows in the range: say so, and how to find some. */
export function RecordsEmpty({ path, hint }: { path: string; hint?: string }) {
  const { t } = usePageTranslation();
  return (
    <div className="empty-state records-empty" data-testid="records-empty">
      <p className="records-empty__title">{t("records_empty")}</p>
      <p>{hint ?? t("records_empty_hint")}</p>
      <Link to={path} className="button button--secondary button--small">
        {t("records_reset")}
      </Link>
    </div>
  );
}

export function RecordsPager({ frame, page, totalPages, total }: { frame: RecordsFrame; page: number; totalPages: number; total: number }) {
  const { t } = usePageTranslation();
  return (
    <div className="records-paging">
      <p className="records-paging__count" data-testid="records-count">
        {t("records_count", { count: total })}
      </p>
      <Pager page={page} totalPages={totalPages} label={t("records_pages")} hrefFor={(n) => recordsHref(frame.path, frame.filter, n)} />
    </div>
  );
}
