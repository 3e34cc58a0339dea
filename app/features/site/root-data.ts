import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

/**
 * The root loader's data (site, player, language, menus) for any component below the root. One
 * typed reading instead of every feature importing the root module's loader type; undefined
 * only where the root loader did not answer (its own error page).
 */
export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>("root");
}
