import { NumberInput } from '@mantine/core';
import { type FieldValues, useController } from 'react-hook-form';
import { useFieldMark, withMark } from '../prefill/marks';
import type { Bound } from './fields';

// Apart from fields.tsx: Mantine's NumberInput brings react-number-format, which a page
// without a number field (the master LPQ's first step) does not load (bench/page-weight.ts).

/**
 * A number input whose empty value is null (spec §5: numbers that do not parse become unset). With a
 * minimum of 0 a minus sign cannot be typed; with `clamp` a value past min or max cannot be typed either.
 * Without it, a value past them stays as typed and the form's schema says why under the field: it is never
 * changed behind the user's back on blur.
 */
export function NumberField<T extends FieldValues>(
  props: Bound<T> & {
    min?: number;
    max?: number;
    allowDecimal?: boolean;
    prefix?: string;
    suffix?: string;
    thousandSeparator?: boolean;
    clamp?: boolean;
    'aria-label'?: string;
  },
) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const mark = useFieldMark(props.control, props.name, field.value);
  const value = field.value as number | null | undefined;
  return (
    <NumberInput
      label={props.label}
      aria-label={props['aria-label']}
      description={withMark(props.description, mark)}
      placeholder={props.placeholder}
      withAsterisk={props.required}
      min={props.min}
      max={props.max}
      allowDecimal={props.allowDecimal ?? true}
      allowNegative={props.min === undefined || props.min < 0}
      clampBehavior={props.clamp ? 'strict' : 'none'}
      prefix={props.prefix}
      suffix={props.suffix}
      thousandSeparator={props.thousandSeparator ? ',' : undefined}
      hideControls
      name={field.name}
      ref={field.ref}
      value={value ?? ''}
      onChange={(v) => field.onChange(typeof v === 'number' ? v : v === '' ? null : Number(v))}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

/** A dollar amount: '$' and thousands separators on screen, a number (or null) in the value. */
export function MoneyField<T extends FieldValues>(props: Bound<T> & { 'aria-label'?: string }) {
  return <NumberField {...props} min={0} prefix="$" thousandSeparator />;
}

/** A whole percentage from 0 to 100: '%' on screen, nothing past the bounds can be typed. */
export function PercentField<T extends FieldValues>(props: Bound<T>) {
  return <NumberField {...props} min={0} max={100} suffix="%" allowDecimal={false} clamp />;
}
