// @vitest-environment jsdom
/**
 * The field family with Testing Library: every member draws its label for its control, its hint
 * and its message, names the message then the hint in aria-describedby and says aria-invalid while
 * a message stands, whether conform's metadata or a plain field drives it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { useForm, type SubmissionResult } from "@conform-to/react";
import i18next from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { CheckboxField, RadioGroup, SelectField, TextareaField, TextField, type PlainField } from "~/components/fields";
import { PictureField } from "~/components/picture-field";
import { i18nOptions } from "~/i18n/config";

afterEach(cleanup);

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  ...i18nOptions,
  lng: "EN",
  resources: { EN: { common: { test_required: "Say something.", test_notice: "The server refused it." } } },
});

/** A conform form whose last answer refused `field` with the key test_required, or accepted it. */
const REFUSED: SubmissionResult<string[]> = { status: "error", initialValue: { field: "" }, error: { field: ["test_required"] } };

function Conform({ refused, render: draw }: { refused: boolean; render: (fields: Record<string, never>) => ReactNode }) {
  const [, fields] = useForm<Record<string, string>>({ id: "t", lastResult: refused ? REFUSED : undefined });
  return <>{draw(fields as never)}</>;
}

function show(node: ReactNode) {
  return render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

const HINT = "What to write";
type Draw = (field: never) => ReactNode;

/** Each member, drawn around a field labelled "Thing" with a hint. */
const MEMBERS: Array<{ name: string; draw: Draw; control: () => HTMLElement }> = [
  {
    name: "TextField",
    draw: (field) => <TextField field={field} label="Thing" hint={HINT} />,
    control: () => screen.getByLabelText("Thing"),
  },
  {
    name: "SelectField",
    draw: (field) => (
      <SelectField field={field} label="Thing" hint={HINT}>
        <option value="">Choose</option>
        <option value="a">A</option>
      </SelectField>
    ),
    control: () => screen.getByRole("combobox", { name: "Thing" }),
  },
  {
    name: "TextareaField",
    draw: (field) => <TextareaField field={field} label="Thing" hint={HINT} rows={3} />,
    control: () => screen.getByRole("textbox", { name: "Thing" }),
  },
  {
    name: "PictureField",
    draw: (field) => <PictureField field={field} label="Thing" hint={HINT} accept="image/*" max={1} />,
    control: () => screen.getByLabelText("Thing"),
  },
  {
    name: "CheckboxField",
    draw: (field) => <CheckboxField field={field} label="Thing" hint={HINT} />,
    control: () => screen.getByRole("checkbox", { name: "Thing" }),
  },
  {
    name: "RadioGroup",
    draw: (field) => (
      <RadioGroup
        field={field}
        label="Thing"
        hint={HINT}
        options={[
          { value: "a", label: "Option A" },
          { value: "b", label: "Option B" },
        ]}
      />
    ),
    control: () => screen.getByRole("radio", { name: "Option B" }),
  },
];

/** The texts of the elements aria-describedby names, in order. */
function described(control: HTMLElement) {
  const ids = (control.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? `(no #${id})`);
}

describe.each(MEMBERS)("$name", ({ draw, control }) => {
  it("with conform: the label names the control, the hint describes it, no message while valid", () => {
    show(<Conform refused={false} render={(fields) => draw(fields.field as never)} />);
    const el = control();
    expect(el.getAttribute("name")).toBe("field");
    expect(el.getAttribute("aria-invalid")).toBeNull();
    expect(described(el)).toEqual([HINT]);
    expect(el.closest(".field")?.classList.contains("field--error")).toBe(false);
    expect(document.querySelector(".field__error")).toBeNull();
  });

  it("with conform: a refused field shows its message beside it, described by it, then the hint", () => {
    show(<Conform refused render={(fields) => draw(fields.field as never)} />);
    const el = control();
    expect(el.getAttribute("aria-invalid")).toBe("true");
    expect(described(el)).toEqual(["Say something.", HINT]);
    const frame = el.closest(".field") as HTMLElement;
    expect(frame.classList.contains("field--error")).toBe(true);
    expect(within(frame).getByText("Say something.").className).toBe("field__error");
  });

  it("with a plain field: the server's message key, translated, and the same wiring", () => {
    const field: PlainField = { id: "plain", name: "field", errors: ["test_required"] };
    show(draw(field as never));
    const el = control();
    expect(el.getAttribute("aria-invalid")).toBe("true");
    expect(described(el)).toEqual(["Say something.", HINT]);
    expect(screen.getByText("Say something.").id).toBe("plain-error");
  });

  it("with a plain field whose message stands elsewhere: invalid and described by that message", () => {
    const field: PlainField = { id: "plain", name: "field", errorShownAt: "notice" };
    show(
      <>
        <p id="notice">The server refused it.</p>
        {draw(field as never)}
      </>,
    );
    const el = control();
    expect(el.getAttribute("aria-invalid")).toBe("true");
    expect(described(el)).toEqual(["The server refused it.", HINT]);
    expect(el.closest(".field")?.classList.contains("field--error")).toBe(true);
    expect(document.querySelector(".field__error")).toBeNull();
  });
});

describe("the members' own settings", () => {
  it("a plain field's value is drawn: the text, the chosen option, the checked radio", () => {
    show(
      <>
        <TextField field={{ id: "q", name: "q", defaultValue: "alice" }} label="Search" type="search" maxLength={40} />
        <SelectField field={{ id: "s", name: "s", defaultValue: "b" }} label="Pick">
          <option value="a">A</option>
          <option value="b">B</option>
        </SelectField>
        <RadioGroup
          field={{ id: "r", name: "r", defaultValue: "y" }}
          label="Kind"
          options={[
            { value: "x", label: "X" },
            { value: "y", label: "Y" },
          ]}
        />
        <CheckboxField field={{ id: "c", name: "c" }} label="Agree" defaultChecked />
      </>,
    );
    const search = screen.getByRole("searchbox", { name: "Search" }) as HTMLInputElement;
    expect(search.value).toBe("alice");
    expect(search.maxLength).toBe(40);
    expect((screen.getByRole("combobox", { name: "Pick" }) as HTMLSelectElement).value).toBe("b");
    expect((screen.getByRole("radio", { name: "Y" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "X" }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole("radio", { name: "Y" }).id).toBe("r-y");
    expect(screen.getByRole("group", { name: "Kind" }).tagName).toBe("FIELDSET");
    expect((screen.getByRole("checkbox", { name: "Agree" }) as HTMLInputElement).checked).toBe(true);
  });

  it("a lone tick box sits in a row with its label; a message goes above the row", () => {
    show(<CheckboxField field={{ id: "c", name: "c" }} label="Agree" />);
    expect(screen.getByRole("checkbox").parentElement?.className).toBe("field field--checkbox");
    cleanup();
    show(<CheckboxField field={{ id: "c", name: "c", errors: ["test_required"] }} label="Agree" />);
    const row = screen.getByRole("checkbox").parentElement as HTMLElement;
    expect(row.className).toBe("checkbox-row");
    expect(row.previousElementSibling?.textContent).toBe("Say something.");
  });

  it("a stacked tick box keeps its element when a message comes, so an untick is not drawn back", () => {
    const draw = (fields: Record<string, never>) => <CheckboxField field={fields.field} label="Agree" stacked />;
    const { rerender } = show(<Conform refused={false} render={draw} />);
    const box = screen.getByRole("checkbox", { name: "Agree" });
    expect(box.parentElement?.className).toBe("checkbox-row");
    rerender(
      <I18nextProvider i18n={i18n}>
        <Conform refused render={draw} />
      </I18nextProvider>,
    );
    expect(screen.getByText("Say something.").className).toBe("field__error");
    expect(screen.getByRole("checkbox", { name: "Agree" })).toBe(box);
  });

  it("translate turns a message key into text with the rule's values", () => {
    show(
      <TextField
        field={{ id: "n", name: "n", errors: ["too_short"] }}
        label="Name"
        translate={(key) => (key === "too_short" ? "At least 6 characters." : key)}
      />,
    );
    expect(described(screen.getByLabelText("Name"))).toEqual(["At least 6 characters."]);
  });
});
