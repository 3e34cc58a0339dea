/**
 * The merchant's theme as a stylesheet (decision 022): the colours of the consolidated settings'
 * `theme` as CSS custom properties on :root, served by /resources/theme.css after app.css, so one
 * build serves many merchants. The CSP allows no inline style, hence a stylesheet of its own.
 * Each colour is checked by a strict pattern (#hex of 3, 6 or 8 digits; rgb()/hsl() of numbers);
 * a value that fails is dropped, never echoed, and the default dark theme's colour stays.
 */
import type { SiteSettings } from "~/operator/answers";

export type ThemeSettings = NonNullable<SiteSettings["theme"]>;

/** The settings' colour roles and the custom properties of app.css they set. */
export const THEME_PROPERTIES = {
  primary: "--brand",
  primaryInk: "--brand-ink",
  accent: "--accent",
  background: "--bg",
  surface: "--surface",
  surfaceRaised: "--surface-raised",
  text: "--text",
  muted: "--muted",
  line: "--line",
} as const satisfies Record<keyof ThemeSettings, `--${string}`>;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`\d{1,3}(?:\.\d{1,4})?%?`;
const FUNCTION = new RegExp(
  String.raw`^(?:rgba?|hsla?)\(${NUMBER}(?:,\s?|\s)${NUMBER}(?:,\s?|\s)${NUMBER}(?:(?:,\s?|\s\/\s)${NUMBER})?\)$`,
  "i",
);

/** The colour in a canonical spelling when it is one the theme accepts, else null. */
export function themeColour(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const colour = value.trim().replace(/\s+/g, " ").replace(/\(\s/, "(").replace(/\s\)$/, ")");
  if (colour.length > 48) return null;
  if (HEX.test(colour)) return colour.toLowerCase();
  return FUNCTION.test(colour) ? colour.toLowerCase() : null;
}

/** `:root{…}` with every valid colour of the theme; `:root{}` when none is. */
export function themeCss(theme: Partial<Record<keyof ThemeSettings, unknown>> | null | undefined): string {
  const declarations = (Object.keys(THEME_PROPERTIES) as Array<keyof ThemeSettings>).flatMap((role) => {
    const colour = themeColour(theme?.[role]);
    return colour ? [`${THEME_PROPERTIES[role]}:${colour}`] : [];
  });
  return `/* The merchant's theme (decision 022) */\n:root{${declarations.join(";")}}\n`;
}

/** The address the root links: the version makes a changed theme a new URL (the old one is cached for 5 minutes). */
export function themeHref(version: string | null | undefined): string {
  return version ? `/resources/theme.css?v=${version}` : "/resources/theme.css";
}
