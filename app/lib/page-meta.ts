/**
 * A page's title and description (issue 26's SEO): translated on the server and carried in the
 * loader's data as `meta`, because a route's `meta` function has no translations of its own. The
 * title reads "<page> - <site>"; without one the site's title alone, as the root gives.
 */
import type { MetaDescriptor } from "@remix-run/node";

export interface PageMeta {
  title: string;
  description: string;
}

type Match = { id: string; data: unknown };

export function pageMeta(data: { meta?: PageMeta } | undefined, matches: readonly Match[]): MetaDescriptor[] {
  const site = (matches.find((m) => m.id === "root")?.data as { site?: { title?: string } } | undefined)?.site?.title ?? "";
  const meta = data?.meta;
  if (!meta) return [{ title: site }];
  return [
    { title: site && site !== meta.title ? `${meta.title} - ${site}` : meta.title },
    { name: "description", content: meta.description },
  ];
}
