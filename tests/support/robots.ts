/** Whether a robots.txt lets a crawler fetch a path, as RFC 9309 reads it. */
export function robotsAllows(robotsTxt: string): (path: string) => boolean {
  const rules = robotsTxt
    .split("\n")
    .map((line) => /^(Allow|Disallow):\s*(\S+)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, kind, pattern]) => ({ allow: kind === "Allow", pattern }));
  // RFC 9309: the longest matching rule wins, Allow on a tie; "*" matches anything, a final "$" ends the path.
  return (path) => {
    const matching = rules.filter(({ pattern }) => {
      const anchored = pattern.endsWith("$");
      const body = (anchored ? pattern.slice(0, -1) : pattern).split("*").map((part) => part.replace(/[.?+^()[\]{}|\\]/g, "\\$&"));
      return new RegExp(`^${body.join(".*")}${anchored ? "$" : ""}`).test(path);
    });
    matching.sort((a, b) => b.pattern.length - a.pattern.length || Number(b.allow) - Number(a.allow));
    return matching[0]?.allow ?? true;
  };
}
