/**
 * The help centre's tree (document 001, sections 3 and 7: helpV2, GET /wps/system/helpCenter with
 * `language` and `device` WEB): `HelpItem = {tag, title, content (HTML), bgColor, children}`. The
 * tree is the same for every visitor of a language, so it is read through the merchant's shared
 * pool and the operator client's settings cache, and turned into views once per cached answer:
 * the operator's HTML cleaned (server/operator-html.server.ts), titles reduced to text.
 *
 * This module holds the answer's schema, which the endpoint table names; it imports nothing of
 * the operator client but types, so that the table and this module never load each other.
 */
import { z } from "zod";
import type { BoundOperator } from "~/operator/operator.server";
import type { Locale } from "~/i18n/config";
import { memoByArguments } from "~/lib/memo";
import { cleanOperatorHtml, operatorText } from "~/server/operator-html.server";
import type { HelpTopic } from "./help-topics";

interface HelpItem {
  tag: string;
  title?: string | null;
  content?: string | null;
  bgColor?: string | null;
  children?: HelpItem[] | null;
}

/** Tags travel as text or numbers; a topic without children may send none. */
const helpItem: z.ZodType<HelpItem, z.ZodTypeDef, unknown> = z.lazy(() =>
  z.object({
    tag: z.union([z.string(), z.number()]).transform(String),
    title: z.string().nullish(),
    content: z.string().nullish(),
    bgColor: z.string().nullish(),
    children: z.array(helpItem).nullish(),
  }),
);

/** The help centre's answer: the top-level topics, each with its children. */
export const helpAnswer = z.array(helpItem);
export type HelpAnswer = z.output<typeof helpAnswer>;

/**
 * The operator's help languages are the portal's six codes (CN, TW, JA, EN, TH, VI); anything
 * else asks for CN, the spec's default (document 001, section 7: "lang default CN").
 */
const HELP_LANGUAGES: Readonly<Record<string, string>> = { CN: "CN", TW: "TW", JA: "JA", EN: "EN", TH: "TH", VI: "VI" };
export const helpLanguage = (locale: Locale | string): string => HELP_LANGUAGES[locale] ?? "CN";

/** The spec's device for the web portal. */
export const HELP_DEVICE = "WEB";

/** Help topics deeper than this are not drawn: a tree the back office nested by mistake stays readable. */
const MAX_DEPTH = 4;
const SUMMARY_CHARS = 80;

/** The tree of a language, as the page draws it (shared: read without a player's token). */
export async function loadHelp(operator: BoundOperator): Promise<HelpTopic[]> {
  const answer = await operator.call("helpCenter", {
    query: { language: helpLanguage(operator.context.language), device: HELP_DEVICE },
  });
  return helpTopics(answer);
}

/** The views of one answer, made once while the operator cache keeps it. */
export const helpTopics = memoByArguments((answer: HelpAnswer): HelpTopic[] => topicsOf(answer, 1, new Set()));

function topicsOf(items: readonly HelpItem[], depth: number, seen: Set<string>): HelpTopic[] {
  return items.flatMap((item) => {
    const tag = item.tag.trim();
    // A topic is reached by its tag: one without, or a second with the same anywhere in the tree, could not be.
    if (!tag || seen.has(tag)) return [];
    seen.add(tag);
    const html = cleanOperatorHtml(item.content ?? "");
    const title = operatorText(item.title ?? "") || tag;
    const children = depth < MAX_DEPTH ? topicsOf(item.children ?? [], depth + 1, seen) : [];
    return [{ tag, title, summary: summaryOf(html), html, children }];
  });
}

function summaryOf(html: string): string {
  // Blocks are words apart, though the markup that parted them goes; Chinese and Japanese
  // punctuation needs no space after it.
  const text = operatorText(html.replace(/<\/?(p|li|h\d|div|tr|td|th|br|hr|ul|ol|table|blockquote)\b[^>]*>/g, " $& ")).replace(
    /([。！？；：，、）」』])\s+/g,
    "$1",
  );
  if (text.length <= SUMMARY_CHARS) return text;
  // At a space when one is near the end (English, Thai and Vietnamese part words or phrases so);
  // Chinese and Japanese may break anywhere.
  const cut = text.slice(0, SUMMARY_CHARS - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > SUMMARY_CHARS * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
