/**
 * The one builder of plain-text refusals (a post refused by the opening, a body that cannot be
 * read, an upload that must wait, a launch form that is not ours): the root's error page shows
 * the status in the player's language; the English text is for logs and tools.
 */
export function refuse(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });
}
