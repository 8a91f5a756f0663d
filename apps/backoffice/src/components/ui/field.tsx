import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { useId } from 'react';
import { cn } from '@/lib/cn.ts';
import { useTimeZone } from '@/lib/format.ts';

const control =
  'w-full rounded-md border border-line bg-surface px-2.5 text-sm text-ink placeholder:text-muted/70 focus:border-accent-500 focus:outline-none focus:ring-2 focus:ring-accent-100 disabled:bg-canvas aria-[invalid=true]:border-red-500';

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(control, 'h-9', className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(control, 'min-h-20 py-2', className)} {...props} />;
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(control, 'h-9 pr-7', className)} {...props} />;
}

/**
 * A labelled control with its hint or error. `children` is a function of the id, so the label
 * and the error are tied to the control (`htmlFor`, `aria-describedby`).
 */
export function Field({
  label,
  hint,
  error,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: (props: {
    id: string;
    'aria-invalid'?: boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  const id = useId();
  const describedBy = error || hint ? `${id}-note` : undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {error ? (
        <p id={describedBy} className="text-xs text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={describedBy} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type FieldFrame = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** the field's (label and control) class */
  className?: string;
};

/**
 * A labelled text input (`Field` + `Input`): the input's own props (a `register()`'s too) pass
 * through, `inputClassName` styles the input.
 */
export function InputField({
  label,
  hint,
  error,
  className,
  inputClassName,
  ...input
}: FieldFrame & InputHTMLAttributes<HTMLInputElement> & { inputClassName?: string }) {
  return (
    <Field label={label} hint={hint} error={error} {...(className ? { className } : {})}>
      {(props) => <Input {...props} className={inputClassName} {...input} />}
    </Field>
  );
}

/** A labelled textarea (`Field` + `Textarea`), as `InputField`. */
export function TextareaField({
  label,
  hint,
  error,
  className,
  inputClassName,
  ...textarea
}: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement> & { inputClassName?: string }) {
  return (
    <Field label={label} hint={hint} error={error} {...(className ? { className } : {})}>
      {(props) => <Textarea {...props} className={inputClassName} {...textarea} />}
    </Field>
  );
}

/**
 * A labelled choice of fixed options, each a value or a value and its label (`empty`: a first
 * option of no value). Controlled by
 * `value` and `onValueChange`, or by the select's own props (a `register()`'s).
 */
export function SelectField<Value extends string>({
  label,
  hint,
  error,
  className,
  options,
  empty,
  onValueChange,
  ...select
}: FieldFrame &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly (Value | { value: Value; label: ReactNode })[];
    /** a first option of no value, with this label */
    empty?: string;
    value?: Value;
    onValueChange?: (value: Value) => void;
  }) {
  return (
    <Field label={label} hint={hint} error={error} {...(className ? { className } : {})}>
      {(props) => (
        <Select
          {...props}
          {...(onValueChange
            ? { onChange: (event) => onValueChange(event.target.value as Value) }
            : {})}
          {...select}
        >
          {empty === undefined ? null : <option value="">{empty}</option>}
          {options.map((option) =>
            typeof option === 'string' ? (
              <option key={option} value={option}>
                {option}
              </option>
            ) : (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ),
          )}
        </Select>
      )}
    </Field>
  );
}

/**
 * A date and time typed in the operator's time zone (`datetime-local`), the zone named in the
 * hint after `note`.
 */
export function DateTimeField({
  note,
  ...props
}: Omit<Parameters<typeof InputField>[0], 'hint' | 'type'> & { note?: string }) {
  const timeZone = useTimeZone();
  return (
    <InputField
      {...props}
      type="datetime-local"
      hint={note ? `${note} Time zone: ${timeZone}` : `Time zone: ${timeZone}`}
    />
  );
}
