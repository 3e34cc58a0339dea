/**
 * A form's checks in the browser, loaded after the page has come to life rather than with it
 * (decision 043). zod and conform's zod binding were about 18 KiB gzip of every form page's
 * first-view JS; the page does not need them to draw (its loader sends the HTML constraints,
 * `getZodConstraint(schema)`), only to answer a blur or a press a moment later.
 *
 * Until the checks have arrived, a press is left to the server (conform's `error: null`: it
 * posts, and the server answers with the same schema's messages) and a field's own check (a blur)
 * says nothing and posts nothing. Once they have, the form checks on the client exactly as before.
 */
import { parse, type Submission, type useForm } from "@conform-to/react";
import { useCallback, useRef } from "react";
import { announceLoading, useIsomorphicLayoutEffect } from "~/lib/client-ready";
import type { input, output, ZodTypeAny } from "zod";

/** The HTML constraints (required, lengths, pattern) a loader works out with getZodConstraint. */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;

type ParseWithZod = typeof import("@conform-to/zod").parseWithZod;

/** The schemas module (app/schemas/forms.ts): every form's schemas, zod and conform's parseWithZod. */
export type FormSchemas = typeof import("~/schemas/forms");

const loadFormSchemas = () => import("~/schemas/forms");

/**
 * `schemaOf` builds the form's schema from the schemas module for this post (it may read the form
 * data, as the login's intent does); `load` imports that module (a test gives its own). The module
 * re-exports conform's `parseWithZod`: a dynamic import of a package would stay a real `import()`
 * in the server build, which tsx then transforms whole, source map and all. It is fetched once
 * per page load, however many forms use it; a chunk that cannot be fetched (offline, a new build)
 * leaves every post to the server, which checks them all anyway.
 */
export function useClientCheck<S extends ZodTypeAny, M extends { parseWithZod: ParseWithZod } = FormSchemas>(
  schemaOf: (module: M, formData: FormData) => S,
  load: () => Promise<M> = loadFormSchemas as unknown as () => Promise<M>,
): (context: { formData: FormData }) => Submission<input<S>, string[], output<S>> {
  const ready = useRef<M | null>(null);
  const latest = useRef(schemaOf);
  latest.current = schemaOf;
  const loader = useRef(load);

  // Set in the commit that mounts the form, before the browser paints (lib/client-ready.ts).
  useIsomorphicLayoutEffect(() => {
    let live = true;
    const done = announceLoading();
    loader
      .current()
      .then(
        (module) => {
          if (live) ready.current = module;
        },
        () => undefined,
      )
      .finally(done);
    return () => {
      live = false;
    };
  }, []);

  return useCallback(({ formData }: { formData: FormData }) => {
    const loaded = ready.current;
    if (!loaded) {
      // A press: "not checked here" (conform's error: null), so it posts and the server checks it.
      const unchecked = parse(formData, { resolve: () => ({ error: null }) });
      if (unchecked.status !== undefined) return unchecked as Submission<input<S>, string[], output<S>>;
      // A check of one field (conform's intent, on blur or input) must never post: it is answered
      // with no message of its own until the schemas arrive.
      return parse(formData, { resolve: () => ({ error: {} }) }) as Submission<input<S>, string[], output<S>>;
    }
    return loaded.parseWithZod(formData, { schema: latest.current(loaded, formData) });
  }, []);
}
