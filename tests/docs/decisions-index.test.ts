/** docs/decisions/README.md lists every decision record with the title, status and date the record itself gives. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.resolve("docs/decisions");
const records = readdirSync(dir)
  .filter((name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith("000-"))
  .sort();

/** Title, status and date as the record states them (a status may run over several lines). */
function recordOf(name: string) {
  const text = readFileSync(path.join(dir, name), "utf8");
  const heading = /^# (\d{3}) (.+)$/m.exec(text);
  const status = /^- Status: ([\s\S]*?)(?=\n- |\n\n|\n#)/m.exec(text);
  const date = /^- Date: (.+)$/m.exec(text);
  if (!heading || !status || !date) throw new Error(`${name}: a heading "# NNN Title", a Date and a Status line are expected`);
  return { number: heading[1], title: heading[2], status: status[1].split(/\s+/).join(" "), date: date[1] };
}

describe("the decisions index", () => {
  const index = readFileSync(path.join(dir, "README.md"), "utf8");
  const rows = index.split("\n").filter((line) => /^\| \d{3} \|/.test(line));

  it("has one row per record, in order, with the record's number, title, status and date", () => {
    expect(records.length).toBeGreaterThan(30);
    expect(rows).toEqual(
      records.map((name) => {
        const { number, title, status, date } = recordOf(name);
        expect(name.startsWith(number), name).toBe(true);
        return `| ${number} | [${title}](${name}) | ${status} | ${date} |`;
      }),
    );
  });
});
