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

/** `own`: the namespace of the area a component belongs to, wherever it is drawn. */
export function usePageTranslation(own?: string) {
  const extra = useContext(ExtraNamespaces);
  const page = useContext(PageNamespacesContext);
  const result = useTranslation(own || extra.length ? [...new Set([...(own ? [own] : []), ...extra, ...page])] : page);
  const { t, i18n } = result;
  const prefix = `${i18n.language}|${own ?? ""}|${extra.join(" ")}|${page.join(" ")}|`;
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
