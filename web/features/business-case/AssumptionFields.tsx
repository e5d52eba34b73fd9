import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import {
  ASSUMPTION_FIELDS,
  type AssumptionKey,
  REALIZATION_BASIS_OPTIONS,
} from '@shared/business-case/workbench-texts';
import type { AssumptionValues, FieldValue } from './assumption-values';

/**
 * The firm's assumptions as a form (PRODUCT.md §12): percentages with '%', dollars with '$' and commas,
 * whole months, the realization basis. The firm's request tab and the firm's default settings both use it;
 * each field's error is the shared schema's message (assumption-values.ts).
 */
export function AssumptionFields(props: {
  values: AssumptionValues;
  errors: Record<string, string>;
  onChange: (key: AssumptionKey, value: FieldValue) => void;
  disabled?: boolean;
  /** Columns from the small breakpoint up. */
  cols?: number;
}) {
  const { values, errors, onChange, disabled } = props;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: props.cols ?? 2 }} spacing="md" verticalSpacing="sm">
      {ASSUMPTION_FIELDS.map((f) => {
        const common = {
          label: f.label,
          description: f.hint,
          error: errors[f.key],
          disabled,
          styles: { description: { color: 'var(--mantine-color-gray-7)' } },
        };
        if (f.kind === 'basis')
          return (
            <Select
              key={f.key}
              {...common}
              data={REALIZATION_BASIS_OPTIONS}
              value={String(values.realizationBasis || '') || null}
              onChange={(v) => onChange(f.key, v ?? '')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          );
        const percent = f.kind === 'percent' || f.kind === 'signedPercent';
        return (
          <NumberInput
            key={f.key}
            {...common}
            value={values[f.key] as number | string}
            // A number, or the text typed while it is not one yet ('-', '').
            onChange={(v) => onChange(f.key, v)}
            suffix={percent ? '%' : undefined}
            prefix={f.kind === 'money' ? '$' : undefined}
            thousandSeparator={f.kind === 'money' ? ',' : undefined}
            allowNegative={f.kind === 'signedPercent'}
            allowDecimal={f.kind !== 'months'}
            decimalScale={percent ? 2 : f.kind === 'money' ? 2 : 0}
            inputMode={f.kind === 'months' ? 'numeric' : 'decimal'}
            hideControls
          />
        );
      })}
    </SimpleGrid>
  );
}
