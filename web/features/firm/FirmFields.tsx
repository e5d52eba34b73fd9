import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { type Control, type FieldPath, type FieldValues, get, useFormState } from 'react-hook-form';

/** The firm fields that registration, the profile and the invitation share, all held as input text. */
export type FirmFieldsForm = {
  firmName?: string;
  founded?: unknown;
  headquartersAddress?: string;
  website?: unknown;
  description?: string;
  totalAttorneys?: unknown;
  numberOfOffices?: unknown;
  totalStaff?: unknown;
  contactPersonName?: unknown;
  contactPersonTitle?: unknown;
  contactPhone?: unknown;
};

/** The message of one field's error, read from the form's state so the field shows it underneath. */
function useFieldError<T extends FieldValues>(control: Control<T>, name: FieldPath<T>): string | undefined {
  const { errors } = useFormState({ control, name });
  return (get(errors, name) as { message?: string } | undefined)?.message;
}

/** A number input kept as text: the shared schema turns it into a number or null. */
export function FirmNumberField<T extends FieldValues>({
  control,
  name,
  label,
  min,
  max,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  min?: number;
  max?: number;
}) {
  const error = useFieldError(control, name);
  return (
    <TextInput
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      error={error}
      {...control.register(name)}
    />
  );
}

/**
 * Spec 2.7 step 1 / 2.10: firm name, year founded, website, headquarters and description.
 * Registration requires the headquarters; the profile lets it be cleared and keeps Year Founded at 0 or more.
 */
export function FirmBasicFields({
  control,
  requireHeadquarters = false,
  foundedMin,
}: {
  control: Control<FirmFieldsForm>;
  requireHeadquarters?: boolean;
  foundedMin?: number;
}) {
  const { errors } = useFormState({ control });
  return (
    <>
      <TextInput
        label="Firm Name"
        required
        error={errors.firmName?.message}
        {...control.register('firmName')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FirmNumberField control={control} name="founded" label="Year Founded" min={foundedMin} />
        <TextInput
          label="Website"
          type="url"
          placeholder="https://www.yourfirm.com"
          error={errors.website?.message}
          {...control.register('website')}
        />
      </SimpleGrid>
      <TextInput
        label="Headquarters Address"
        required={requireHeadquarters}
        error={errors.headquartersAddress?.message}
        {...control.register('headquartersAddress')}
      />
      <Textarea
        label="Firm Description"
        autosize
        minRows={3}
        error={errors.description?.message}
        {...control.register('description')}
      />
    </>
  );
}

/** Spec 2.7 / 2.10: how big the firm is; registration asks for attorneys and offices, the profile also staff. */
export function FirmSizeFields({
  control,
  withStaff = false,
}: {
  control: Control<FirmFieldsForm>;
  withStaff?: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: withStaff ? 3 : 2 }}>
      <FirmNumberField control={control} name="totalAttorneys" label="Total Attorneys" min={0} />
      <FirmNumberField control={control} name="numberOfOffices" label="Number of Offices" min={0} />
      {withStaff && <FirmNumberField control={control} name="totalStaff" label="Total Staff" min={0} />}
    </SimpleGrid>
  );
}

/**
 * The contact person's name and title, for the caller's grid. On registration the contact person is the
 * account holder: the name is required and the browser may fill both.
 */
export function ContactPersonFields({
  control,
  accountHolder = false,
}: {
  control: Control<FirmFieldsForm>;
  accountHolder?: boolean;
}) {
  const { errors } = useFormState({ control });
  return (
    <>
      <TextInput
        label="Contact Person Name"
        required={accountHolder}
        autoComplete={accountHolder ? 'name' : undefined}
        error={errors.contactPersonName?.message}
        {...control.register('contactPersonName')}
      />
      <TextInput
        label="Contact Person Title"
        autoComplete={accountHolder ? 'organization-title' : undefined}
        error={errors.contactPersonTitle?.message}
        {...control.register('contactPersonTitle')}
      />
    </>
  );
}

/** The contact phone; each screen keeps its own label ('Phone Number', 'Contact Phone'). */
export function ContactPhoneField({
  control,
  label,
  accountHolder = false,
}: {
  control: Control<FirmFieldsForm>;
  label: string;
  accountHolder?: boolean;
}) {
  const error = useFieldError(control, 'contactPhone');
  return (
    <TextInput
      label={label}
      type="tel"
      required={accountHolder}
      autoComplete={accountHolder ? 'tel' : undefined}
      error={error}
      {...control.register('contactPhone')}
    />
  );
}
