import { Checkbox, SimpleGrid, type SimpleGridProps } from '@mantine/core';
import { type AttorneyProfileInput, maxGraduationYear, POSITION_LABELS, POSITIONS } from '@shared/attorney';
import { LIMITS } from '@shared/limits';
import { type Control, Controller } from 'react-hook-form';
import { optionsOf, TextareaField, TextField } from '../questionnaires/fields';
import { NumberField } from '../questionnaires/number-fields';
import { SelectField } from '../questionnaires/select-field';

/** The part of an attorney form that holds the professional details (registration and profile both have it). */
export type ProfessionalForm = Pick<
  AttorneyProfileInput,
  | 'currentFirm'
  | 'position'
  | 'yearsExperience'
  | 'lawSchool'
  | 'graduationYear'
  | 'barAdmissions'
  | 'practiceAreas'
>;

/**
 * Spec 2.6 step 2 / 2.9: current firm, position, experience, school, graduation year and bar admissions.
 * Registration gives Current Firm a row of its own; the profile puts it in the grid with the rest.
 * Onboarding marks every field required.
 */
export function ProfessionalFields({
  control,
  currentFirmOwnRow = false,
  required,
}: {
  control: Control<ProfessionalForm>;
  currentFirmOwnRow?: boolean;
  required?: boolean;
}) {
  const currentFirm = (
    <TextField control={control} name="currentFirm" label="Current Firm" required={required} />
  );
  return (
    <>
      {currentFirmOwnRow && currentFirm}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {!currentFirmOwnRow && currentFirm}
        <SelectField
          control={control}
          name="position"
          label="Position"
          required={required}
          data={optionsOf(POSITIONS, POSITION_LABELS)}
          clearable
        />
        <NumberField
          control={control}
          name="yearsExperience"
          label="Years of Experience"
          required={required}
          min={LIMITS.yearsExperienceMin}
          max={LIMITS.yearsExperienceMax}
          allowDecimal={false}
        />
        <TextField control={control} name="lawSchool" label="Law School" required={required} />
        <NumberField
          control={control}
          name="graduationYear"
          label="Graduation Year"
          required={required}
          min={LIMITS.graduationYearMin}
          max={maxGraduationYear()}
          allowDecimal={false}
        />
      </SimpleGrid>
      <TextareaField
        control={control}
        name="barAdmissions"
        label="Bar Admissions"
        description="One per line"
        required={required}
      />
    </>
  );
}

/** The attorney's practice areas as checkboxes (10 on registration, 14 on the profile: spec §3). */
export function PracticeAreasField({
  control,
  areas,
  description,
  cols,
  required,
}: {
  control: Control<ProfessionalForm>;
  areas: readonly string[];
  description?: string;
  cols: SimpleGridProps['cols'];
  required?: boolean;
}) {
  return (
    <Controller
      control={control}
      name="practiceAreas"
      render={({ field }) => (
        <Checkbox.Group
          label="Practice Areas"
          description={description}
          withAsterisk={required}
          value={field.value ?? []}
          onChange={field.onChange}
        >
          <SimpleGrid cols={cols} mt="sm" spacing="xs">
            {areas.map((area) => (
              <Checkbox key={area} value={area} label={area} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      )}
    />
  );
}
