/** The theme stylesheet and its version (the hash needs node:crypto: server only). See theme.ts. */
import { createHash } from "node:crypto";
import { themeCss, type ThemeSettings } from "./theme";

/** The stylesheet and its version: a hash of its text, the root's link query and the ETag. */
export function themeStylesheet(theme: Partial<Record<keyof ThemeSettings, unknown>> | null | undefined): { css: string; version: string } {
  const css = themeCss(theme);
  return { css, version: createHash("sha256").update(css).digest("hex").slice(0, 16) };
}
