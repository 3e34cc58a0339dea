/**
 * The field family: text, select, textarea, picture, radio and checkbox fields that draw the same
 * label, hint and message and wire them to the control the same way (aria-describedby names the
 * message, then the hint; aria-invalid while a message stands), so a screen reader hears every
 * field alike. Each takes conform's field metadata, or a plain field for a form conform does not
 * drive (a GET search, a form only the server checks). Messages arrive as keys and are
 * translated here.
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { usePageTranslation } from "~/i18n/translation";
import { PicturePicker } from "~/components/picture-picker";

/** A field of a form conform does not drive, described by hand. */
export interface PlainField {
  id: string;
  name: string;
  /** The message keys to draw beside the control (as `${id}-error`, conform's id). */
  errors?: string[];
  /** The id of a message drawn elsewhere (a notice above the form): the field is invalid and described by it. */
  errorShownAt?: string;
  defaultValue?: string;
}

type AnyField<Schema> = FieldMetadata<Schema> | PlainField;

// Conform's metadata is a proxy over an empty object: `in` would not see its keys, a read does.
const isConform = <Schema,>(field: AnyField<Schema>): field is FieldMetadata<Schema> =>
  typeof (field as { formId?: unknown }).formId === "string";

interface Wiring {
  id: string;
  hintId?: string;
  errorId: string;
  /** The messages drawn beside the control, translated. */
  message: string;
  invalid: boolean;
  aria: { "aria-invalid"?: true; "aria-describedby"?: string };
}

/** The ids and state every member of the family shares. */
function useWiring<Schema>(field: AnyField<Schema>, hint: ReactNode, translate?: (key: string) => string): Wiring {
  const { t } = usePageTranslation();
  const tr = translate ?? ((key: string) => t(key));
  const errors = field.errors ?? [];
  const errorId = `${field.id}-error`;
  const elsewhere = isConform(field) ? undefined : (field as PlainField).errorShownAt;
  const hintId = hint ? `${field.id}-hint` : undefined;
  const invalid = errors.length > 0 || Boolean(elsewhere);
  const describedBy = [errors.length ? errorId : elsewhere, hintId].filter(Boolean).join(" ");
  return {
    id: field.id,
    hintId,
    errorId,
    message: errors.map(tr).join(" "),
    invalid,
    aria: { "aria-invalid": invalid || undefined, "aria-describedby": describedBy || undefined },
  };
}

/** The hint and the message, in that order above the control. */
function HintAndMessage({ wiring, hint }: { wiring: Wiring; hint: ReactNode }) {
  return (
    <>
      {hint ? (
        <p className="field__hint" id={wiring.hintId}>
          {hint}
        </p>
      ) : null}
      {wiring.message ? (
        <p className="field__error" id={wiring.errorId}>
          {wiring.message}
        </p>
      ) : null}
    </>
  );
}

/** The settings a form gives beyond its schema's: the schema's stand where none is given. */
const given = <T extends object>(props: T) =>
  Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined)) as Partial<T>;

function fieldClass(wiring: Wiring, extra?: string) {
  return ["field", wiring.invalid ? "field--error" : null, extra].filter(Boolean).join(" ");
}

/** What every field takes besides its control's own settings. */
interface FieldProps<Schema> {
  field: AnyField<Schema>;
  /** Words, or words with a required mark; the error summary is given the words. */
  label: ReactNode;
  hint?: ReactNode;
  /** Turns a message key into text, when it needs the rule's values (defaults to the page's t). */
  translate?: (key: string) => string;
}

type InputType = "text" | "password" | "tel" | "email" | "number" | "search" | "date";

export function TextField<Schema>({
  field,
  label,
  hint,
  translate,
  type = "text",
  autoComplete,
  inputMode,
  ariaRequired,
  min,
  max,
  maxLength,
}: FieldProps<Schema> & {
  type?: InputType;
  autoComplete?: string;
  inputMode?: "numeric" | "decimal" | "text" | "tel";
  /** Says "required" to a screen reader where the form leaves the check to the server. */
  ariaRequired?: boolean;
  min?: string;
  max?: string;
  maxLength?: number;
}) {
  const wiring = useWiring(field, hint, translate);
  const { key, ...own } = isConform(field)
    ? getInputProps(field, { type, ariaAttributes: false })
    : { key: undefined, id: field.id, name: field.name, type, defaultValue: field.defaultValue };
  return (
    <div className={fieldClass(wiring)}>
      <label htmlFor={wiring.id}>{label}</label>
      <HintAndMessage wiring={wiring} hint={hint} />
      <input
        key={key}
        {...own}
        {...wiring.aria}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-required={ariaRequired || undefined}
        {...given({ min, max, maxLength })}
      />
    </div>
  );
}

/** A select; its options are the children. */
export function SelectField<Schema>({ field, label, hint, translate, children }: FieldProps<Schema> & { children: ReactNode }) {
  const wiring = useWiring(field, hint, translate);
  // A select keeps its choice across a reset unless it is drawn anew: conform's key says when.
  const key = isConform(field) ? field.key : undefined;
  const own = isConform(field)
    ? getSelectProps(field, { ariaAttributes: false })
    : { id: field.id, name: field.name, defaultValue: field.defaultValue };
  return (
    <div className={fieldClass(wiring)}>
      <label htmlFor={wiring.id}>{label}</label>
      <HintAndMessage wiring={wiring} hint={hint} />
      <select key={key} {...own} {...wiring.aria}>
        {children}
      </select>
    </div>
  );
}

export function TextareaField<Schema>({
  field,
  label,
  hint,
  translate,
  rows,
  maxLength,
}: FieldProps<Schema> & {
  rows?: number;
  /** A hard stop above the rule's length, so that the rule's message can still be seen. */
  maxLength?: number;
}) {
  const wiring = useWiring(field, hint, translate);
  const { key, ...own } = isConform(field)
    ? getTextareaProps(field, { ariaAttributes: false })
    : { key: undefined, id: field.id, name: field.name, defaultValue: field.defaultValue };
  return (
    <div className={fieldClass(wiring)}>
      <label htmlFor={wiring.id}>{label}</label>
      <HintAndMessage wiring={wiring} hint={hint} />
      <textarea key={key} {...own} {...wiring.aria} rows={rows} {...given({ maxLength })} />
    </div>
  );
}

/**
 * A file field for pictures: the picture picker (a plain file input without scripts) under the
 * label. The form's rules (count, size, type) decide, on the server as with scripts.
 */
export function PictureField<Schema>({
  field,
  label,
  hint,
  translate,
  accept,
  max,
  required,
}: FieldProps<Schema> & { accept: string; max: number; required?: boolean }) {
  const wiring = useWiring(field, hint, translate);
  return (
    <div className={fieldClass(wiring)}>
      <label htmlFor={wiring.id}>{label}</label>
      <HintAndMessage wiring={wiring} hint={hint} />
      <PicturePicker
        id={wiring.id}
        name={field.name}
        accept={accept}
        max={max}
        required={required}
        invalid={wiring.invalid}
        describedBy={wiring.aria["aria-describedby"]}
      />
    </div>
  );
}

export interface RadioOption {
  value: string;
  label: ReactNode;
}

/**
 * Radio buttons in a fieldset, its legend the label. Each button's id is the field's id and its
 * value; each button carries the group's message and hint.
 */
export function RadioGroup<Schema>({
  field,
  label,
  hint,
  translate,
  options,
  className,
  optionClassName,
}: FieldProps<Schema> & { options: RadioOption[]; className?: string; optionClassName?: string }) {
  const wiring = useWiring(field, hint, translate);
  return (
    <fieldset className={fieldClass(wiring, className)}>
      <legend>{label}</legend>
      <HintAndMessage wiring={wiring} hint={hint} />
      {options.map((option) => {
        const { key, ...own } = isConform(field)
          ? getInputProps(field, { type: "radio", value: option.value, ariaAttributes: false })
          : {
              key: undefined,
              name: field.name,
              type: "radio" as const,
              value: option.value,
              defaultChecked: field.defaultValue === option.value,
            };
        return (
          <label key={key ?? option.value} className={optionClassName}>
            <input {...own} {...wiring.aria} id={`${wiring.id}-${option.value}`} /> {option.label}
          </label>
        );
      })}
    </fieldset>
  );
}

/**
 * A tick box. Alone it sits in a row with its label; a hint or a message goes above the row, as
 * above every other field (beside the box it squeezed the label).
 */
export function CheckboxField<Schema>({
  field,
  label,
  hint,
  translate,
  defaultChecked,
  stacked,
}: FieldProps<Schema> & {
  /** Only for a plain field: conform draws the tick from the field's value. */
  defaultChecked?: boolean;
  /**
   * Keeps the row under the message's place even while there is none, for a box the form checks
   * as it is filled in: a row drawn anew when the message came would lose the box's state.
   */
  stacked?: boolean;
}) {
  const wiring = useWiring(field, hint, translate);
  const { key, ...own } = isConform(field)
    ? getInputProps(field, { type: "checkbox", ariaAttributes: false })
    : { key: undefined, id: field.id, name: field.name, type: "checkbox" as const, defaultChecked };
  const box = (
    <>
      <input key={key} {...own} {...wiring.aria} />
      <label htmlFor={wiring.id}>{label}</label>
    </>
  );
  if (!stacked && !hint && !wiring.message) return <div className={fieldClass(wiring, "field--checkbox")}>{box}</div>;
  return (
    <div className={fieldClass(wiring)}>
      <HintAndMessage wiring={wiring} hint={hint} />
      <div className="checkbox-row">{box}</div>
    </div>
  );
}
