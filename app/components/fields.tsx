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
import {
  fieldClass,
  given,
  HintAndMessage,
  isConform,
  PlainTextField,
  TextFieldMarkup,
  useWiring,
  type FieldProps,
  type TextOptions,
} from "~/components/field-parts";

export { type PlainField } from "~/components/field-parts";

/** A text input: conform's props for a field it drives, a plain field's own for one it does not. */
export function TextField<Schema>({ field, type = "text", ...rest }: FieldProps<Schema> & TextOptions) {
  if (!isConform(field)) return <PlainTextField field={field} type={type} {...rest} />;
  const { key, ...own } = getInputProps(field, { type, ariaAttributes: false });
  return <TextFieldMarkup field={field} own={own} inputKey={key} {...rest} />;
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

/** A new password and its confirmation, with the rule's length as the hint (change and reset). */
export function NewPasswordFields({
  newPassword,
  confirmNewPassword,
  rule,
}: {
  newPassword: FieldMetadata<string | undefined>;
  confirmNewPassword: FieldMetadata<string | undefined>;
  rule: { min: number; max: number };
}) {
  const { t } = usePageTranslation();
  return (
    <>
      <TextField
        field={newPassword}
        label={t("new_password")}
        type="password"
        autoComplete="new-password"
        hint={t("password_hint", { min: rule.min, max: rule.max })}
      />
      <TextField field={confirmNewPassword} label={t("confirm_new_password")} type="password" autoComplete="new-password" />
    </>
  );
}
