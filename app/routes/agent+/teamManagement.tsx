/**
 * Team management (decision 032): everyone under the agent, direct downlines first, with a
 * search by username or nickname (a GET form: it works without scripts) and pages of 12. Each
 * row leads to the downline's details and, where open, to a transfer.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireAgentPage } from "~/features/agent/centre.server";
import { dateOf, plainAmount, timeOrDash } from "~/features/agent/format.server";
import { agentHref, agentPageOpen } from "~/features/agent/pages";
import { TEAM_PAGE_SIZE, teamQuerySchema } from "~/features/agent/team";
import { ErrorSummary } from "~/components/forms";
import { PlainTextField } from "~/components/field-parts";
import { Pager } from "~/components/pager";
import { RecordsTable, type Column } from "~/features/reports/records-view";
import { recordsFailure } from "~/features/reports/records.server";
import { askPaged } from "~/lib/paging";
import { usePageTranslation } from "~/i18n/translation";

export const handle = { i18n: ["agent", "member"] };

interface TeamRow {
  username: string;
  nickname: string;
  kind: "agent" | "member";
  level: number;
  balance: string;
  created: string;
  lastLogin: string;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { operator, facts } = await requireAgentPage(request, "teamManagement");
  const url = new URL(request.url);
  const parsed = teamQuerySchema.safeParse({ q: url.searchParams.get("q") ?? undefined, page: url.searchParams.get("page") ?? undefined });
  const echo = [...(url.searchParams.get("q") ?? "")].slice(0, 40).join("");
  const base = { q: echo, rows: [] as TeamRow[], page: 1, totalPages: 1, total: 0, transfer: agentPageOpen("transferDownline", facts) };
  if (!parsed.success)
    return json({ ...base, error: parsed.error.issues[0]?.message ?? "agent_search_chars", notice: null }, { status: 400 });
  const { q, page } = parsed.data;
  try {
    const ask = (p: number) => operator.call("downlineList", { body: { username: q, page: p, size: TEAM_PAGE_SIZE } });
    const { answer, ...paging } = await askPaged(ask, page, TEAM_PAGE_SIZE);
    const rows = answer.list.map((m): TeamRow => ({
      username: m.username,
      nickname: m.nickname ?? "",
      kind: m.agentType === 1 || m.agentType === 2 ? "agent" : "member",
      level: m.level ?? 1,
      balance: plainAmount(m.balance),
      created: dateOf(m.createdTime),
      lastLogin: timeOrDash(m.lastLoginTime),
    }));
    return json({ ...base, q, rows, ...paging, error: null, notice: null });
  } catch (error) {
    const { notice, status } = await recordsFailure(request, error);
    return json({ ...base, error: null, notice }, { status });
  }
}

export default function TeamManagement() {
  const { t } = usePageTranslation();
  const data = useLoaderData<typeof loader>();
  const href = (page: number) => `${agentHref("teamManagement", { ...(data.q ? { q: data.q } : {}), page: String(page) })}`;
  const columns: Column<TeamRow>[] = [
    {
      id: "username",
      label: t("agent_username"),
      cell: (r) => (
        <Link to={agentHref("downlineDetails", { username: r.username })} data-testid="downline-link">
          {r.username}
          {r.nickname && r.nickname !== r.username ? <small> · {r.nickname}</small> : null}
        </Link>
      ),
    },
    { id: "kind", label: t("agent_kind"), cell: (r) => <span className="badge">{t(`agent_kind_label_${r.kind}`)}</span> },
    { id: "level", label: t("agent_level"), cell: (r) => t("agent_level_n", { level: r.level }) },
    { id: "balance", label: t("agent_balance"), numeric: true, cell: (r) => r.balance },
    { id: "created", label: t("agent_registered"), cell: (r) => r.created },
    { id: "lastLogin", label: t("agent_last_login"), cell: (r) => r.lastLogin },
  ];
  if (data.transfer)
    columns.push({
      id: "transfer",
      label: t("agent_actions"),
      cell: (r) => <Link to={agentHref("transferDownline", { to: r.username })}>{t("agent_transfer_to")}</Link>,
    });
  // A GET search only the server checks: the field is described by hand.
  const search = { id: "team-q", name: "q", errors: data.error ? [data.error] : undefined, defaultValue: data.q };
  return (
    <section className="member-page" aria-labelledby="team-title">
      <h1 id="team-title">{t("agent_page_teamManagement")}</h1>
      <ErrorSummary form={{ id: "team-search" }} fields={[{ field: search, label: t("agent_search") }]} />
      <Form method="get" className="records-filter__form agent-search" role="search">
        <PlainTextField field={search} label={t("agent_search")} type="search" maxLength={40} />
        <button type="submit" className="button">
          {t("records_search")}
        </button>
      </Form>
      {data.notice ? <p className="notice notice--error">{"key" in data.notice ? t(data.notice.key) : data.notice.text}</p> : null}
      {!data.error && !data.notice && data.rows.length === 0 ? (
        <p className="empty-state" data-testid="team-empty">
          {data.q ? t("agent_search_none", { q: data.q }) : t("agent_team_empty")}
        </p>
      ) : null}
      {data.rows.length ? (
        <>
          <RecordsTable caption={t("agent_page_teamManagement")} columns={columns} rows={data.rows} rowKey={(r) => r.username} />
          <p className="records-count">{t("agent_team_total", { count: data.total })}</p>
          <Pager page={data.page} totalPages={data.totalPages} label={t("records_pages")} hrefFor={href} />
        </>
      ) : null}
    </section>
  );
}
