/**
 * Translation inside components: `usePageTranslation()` looks a key up in every namespace of the
 * page (the handles of the matched routes, and `common`; <PageNamespaces> in the root works them
 * out), so shared components (error summary, fields, notices) translate whatever area they are
 * drawn in. A part that can appear on any page (the pop-up login panel) names its own namespace
 * with <Namespaces>.
 */
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NAMESPACE } from "~/i18n/config";

const ExtraNamespaces = createContext<readonly string[]>([]);

export function Namespaces({ ns, children }: { ns: string | readonly string[]; children: ReactNode }) {
  const outer = useContext(ExtraNamespaces);
  const value = useMemo(() => [...(typeof ns === "string" ? [ns] : ns), ...outer], [ns, outer]);
  return <ExtraNamespaces.Provider value={value}>{children}</ExtraNamespaces.Provider>;
}

/** The namespaces a route names in its handle (remix-i18next's convention). */
export function handleNamespaces(handle: unknown): string[] {
  const ns = (handle as { i18n?: string | string[] } | undefined)?.i18n;
  return typeof ns === "string" ? [ns] : Array.isArray(ns) ? ns : [];
}

const PageNamespacesContext = createContext<readonly string[]>([NAMESPACE]);

/**
 * The namespaces of the matched routes, worked out once per render of the page (the root draws
 * it) rather than by every component that translates.
 */
export function PageNamespaces({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const key = [...matches]
    .reverse()
    .flatMap((m) => handleNamespaces(m.handle))
    .join(" ");
  const value = useMemo(() => [...new Set([...(key ? key.split(" ") : []), NAMESPACE])], [key]);
  return <PageNamespacesContext.Provider value={value}>{children}</PageNamespacesContext.Provider>;
}

/**
 * Texts already looked up, by language, namespaces and key: a page asks for the same few dozen
 * texts on every render, and a translation never changes while the process runs. Only texts that
 * were found are kept (a namespace still loading in the browser answers the key itself).
 */
const looked = new Map<string, string>();

/**
 * The namespaces to look in and the look-up's key prefix, per (own, extra, page): the same few
 * arrays on every render, so a component that translates allocates nothing for them (a home page
 * calls this hook some hundred times a view).
 */
const scopes = new WeakMap<readonly string[], WeakMap<readonly string[], Map<string, { ns: readonly string[]; prefix: string }>>>();

function scopeOf(own: string | undefined, extra: readonly string[], page: readonly string[]) {
  let byExtra = scopes.get(page);
  if (!byExtra) scopes.set(page, (byExtra = new WeakMap()));
  let byOwn = byExtra.get(extra);
  if (!byOwn) byExtra.set(extra, (byOwn = new Map()));
  let scope = byOwn.get(own ?? "");
  if (!scope) {
    const ns = own || extra.length ? [...new Set([...(own ? [own] : []), ...extra, ...page])] : page;
    scope = { ns, prefix: `${own ?? ""}|${extra.join(" ")}|${page.join(" ")}|` };
    byOwn.set(own ?? "", scope);
  }
  return scope;
}

/** `own`: the namespace of the area a component belongs to, wherever it is drawn. */
export function usePageTranslation(own?: string) {
  const extra = useContext(ExtraNamespaces);
  const page = useContext(PageNamespacesContext);
  const scope = scopeOf(own, extra, page);
  const result = useTranslation(scope.ns);
  const { t, i18n } = result;
  const prefix = `${i18n.language}|${scope.prefix}`;
  const cached = useMemo(() => {
    const lookup = (key: unknown, ...rest: unknown[]) => {
      if (rest.length || typeof key !== "string") return (t as unknown as (...a: unknown[]) => string)(key, ...rest);
      const id = prefix + key;
      let text = looked.get(id);
      if (text === undefined) {
        text = t(key);
        if (text !== key && looked.size < 20_000) looked.set(id, text);
      }
      return text;
    };
    return lookup as unknown as typeof t;
  }, [t, prefix]);
  return { ...result, t: cached };
}
