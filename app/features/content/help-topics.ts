/**
 * The help centre's topics as the page draws them, and which of them an address asks for
 * (document 001, section 2, screen 16). Shared by the loader and the view: the view works the
 * choice out from the address itself, so that a change of `?tag` or `#tag` in the browser needs
 * no new read of the tree.
 */

/** A help topic: its text and the operator's HTML, cleaned on the server (help.server.ts). */
export interface HelpTopic {
  tag: string;
  title: string;
  /** The first words of its text, for the menu list. */
  summary: string;
  html: string;
  children: HelpTopic[];
}

export interface HelpChoice {
  /** The topic to show; null for the menu list (no topic asked for) or an empty tree. */
  topic: HelpTopic | null;
  /** The tags from the top-level topic down to the chosen one: the branches drawn open. */
  path: string[];
  /** The topics the tree lists: all of them, or only the chosen one's top-level topic. */
  listed: HelpTopic[];
  /** A tag was asked for that the tree does not have: the first topic is shown instead. */
  unknown: boolean;
}

export const HELP_PATH = "/help";

/** The way to a topic without scripts: the server picks it from the query. */
export function helpHref(tag: string, only = false): string {
  const query = new URLSearchParams({ tag });
  if (only) query.set("only", "1");
  return `${HELP_PATH}?${query}`;
}

/** The tags from a top-level topic down to `tag`, or null when the tree does not have it. */
export function pathTo(topics: readonly HelpTopic[], tag: string): string[] | null {
  for (const topic of topics) {
    if (topic.tag === tag) return [topic.tag];
    const below = pathTo(topic.children, tag);
    if (below) return [topic.tag, ...below];
  }
  return null;
}

function find(topics: readonly HelpTopic[], path: readonly string[]): HelpTopic | null {
  let level = topics;
  let found: HelpTopic | null = null;
  for (const tag of path) {
    found = level.find((t) => t.tag === tag) ?? null;
    if (!found) return null;
    level = found.children;
  }
  return found;
}

/**
 * What `?tag=` (or `#tag`) and `?only=1` ask for. `only` is the deposit and withdrawal pages' way
 * in (opened in a window of their own): the tree lists the asked topic's top-level topic alone,
 * with its children, so a child's tag keeps its siblings in view.
 */
export function chooseTopic(topics: readonly HelpTopic[], tag: string | null, only: boolean): HelpChoice {
  if (tag === null || tag === "") return { topic: null, path: [], listed: [...topics], unknown: false };
  const path = pathTo(topics, tag);
  const topic = path ? find(topics, path) : null;
  if (!path || !topic) {
    const first = topics[0] ?? null;
    return { topic: first, path: first ? [first.tag] : [], listed: [...topics], unknown: true };
  }
  const top = topics.find((t) => t.tag === path[0]);
  return { topic, path, listed: only && top ? [top] : [...topics], unknown: false };
}

/** Whether a hash names a topic: other fragments (an element of the page) are not topics. */
export function tagOfHash(topics: readonly HelpTopic[], hash: string): string | null {
  if (hash.length < 2) return null;
  let tag: string;
  try {
    tag = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  return pathTo(topics, tag) ? tag : null;
}
