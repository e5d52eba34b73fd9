import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Box,
  Button,
  Checkbox,
  Divider,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  blankOffice,
  FIRM_REGISTRATION_STEPS,
  type FirmRegistrationFormValues,
  firmRegistrationFormSchema,
} from '@shared/firm';
import { REGISTRATION_PRACTICE_AREAS } from '@shared/practice-areas';
import { TOASTS } from '@shared/texts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { KeptInputNotice } from '../components/KeptInputNotice';
import { PasswordField } from '../components/PasswordField';
import { StepNav } from '../components/StepNav';
import { WizardFooter, WizardShell } from '../components/WizardShell';
import {
  ContactPersonFields,
  ContactPhoneField,
  FirmBasicFields,
  type FirmFieldsForm,
  FirmSizeFields,
} from '../features/firm/FirmFields';
import { OfficeFields, type OfficesForm } from '../features/firm/OfficeFields';
import { PracticeAreaChecklist, type PracticeAreasForm } from '../features/firm/PracticeAreaChecklist';
import { errorMessage, fieldErrors } from '../lib/api';
import { setCurrentUser } from '../lib/auth';
import { api, type BodyOf } from '../lib/client';
import { applyServerErrors, controlFor } from '../lib/forms';
import { useKeptInput } from '../lib/kept-input';
import { showToast } from '../lib/toast';

type FormOutput = z.output<typeof firmRegistrationFormSchema>;
const STEP_COUNT = FIRM_REGISTRATION_STEPS.length;
const PASSWORDS = ['password', 'confirmPassword'] as const;
const STEP_TITLES = FIRM_REGISTRATION_STEPS.map((s) => s.title);

/** The first step holding a field with an error: a failed submit goes back there. */
function firstStepWithError(errors: FieldErrors | Record<string, string>): number | null {
  const keys = Object.keys(errors).map((k) => k.split('.')[0]);
  const index = FIRM_REGISTRATION_STEPS.findIndex((s) => s.fields.some((f) => keys.includes(f)));
  return index === -1 ? null : index;
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ wordBreak: 'break-word' }}>{value || '—'}</Text>
    </Box>
  );
}

/** Spec 2.7 / PRODUCT.md §2: three steps; submit creates account, firm profile and offices, signs in. */
export default function RegisterFirm() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const form = useForm<FirmRegistrationFormValues, unknown, FormOutput>({
    resolver: zodResolver(firmRegistrationFormSchema),
    defaultValues: {
      firmName: '',
      founded: '',
      headquartersAddress: '',
      website: '',
      description: '',
      totalAttorneys: '',
      numberOfOffices: '',
      offices: [blankOffice()],
      practiceAreas: [],
      contactPersonName: '',
      contactPersonTitle: '',
      email: '',
      contactPhone: '',
      password: '',
      confirmPassword: '',
      agreeToTerms: false,
    },
  });
  const { errors } = form.formState;
  const firmFields = controlFor(form.control)<FirmFieldsForm>();
  // A reload keeps what was typed (never the passwords, on Contact Info, which must be typed again).
  const kept = useKeptInput({ form, name: 'firm', never: PASSWORDS, step, setStep, resumeStep: 1 });
  const register = useMutation({
    mutationFn: (body: BodyOf<'POST /api/register/firm'>) => api('POST /api/register/firm', { body }),
  });

  const onSubmit = form.handleSubmit(
    ({ confirmPassword: _, agreeToTerms, ...body }) =>
      // Confirm Password stays in the page; the form's rule let only an accepted checkbox through.
      register.mutate(
        { ...body, agreeToTerms: agreeToTerms as true },
        {
          onSuccess: (user) => {
            kept.forget();
            setCurrentUser(user);
            showToast(TOASTS.firmRegistered, { variant: 'success' });
            navigate('/firm/dashboard');
          },
          onError: (error) => {
            applyServerErrors(error, form.setError);
            const errorStep = firstStepWithError(fieldErrors(error));
            if (errorStep !== null) setStep(errorStep);
            showToast(TOASTS.registerFailed, {
              variant: 'destructive',
              message: errorMessage(error, TOASTS.registerFailed.message),
            });
          },
        },
      ),
    (invalid) => {
      const errorStep = firstStepWithError(invalid);
      if (errorStep !== null) setStep(errorStep);
    },
  );

  // Each step is checked before the next one opens: its fields' messages show under them.
  const continueToNext = async () => {
    const fields = FIRM_REGISTRATION_STEPS[step].fields;
    if (await form.trigger(fields, { shouldFocus: true })) setStep(step + 1);
  };

  const values = form.watch();
  const isLast = step === STEP_COUNT - 1;
  const back = () => (step === 0 ? navigate('/') : setStep(step - 1));

  return (
    <WizardShell
      title="Law Firm Registration"
      stepKey={step}
      subtitle="Create your firm account to invite attorneys and review their LPQs."
      back={
        step === 0
          ? { to: '/', label: 'Back to Home' }
          : { onClick: back, label: `Back to ${STEP_TITLES[step - 1]}` }
      }
      nav={<StepNav steps={STEP_TITLES} active={step} onSelect={setStep} lastSelectable={step} />}
      onSubmit={onSubmit}
      footer={
        <WizardFooter
          back={
            <Button variant="default" onClick={back}>
              {step === 0 ? 'Cancel' : 'Back'}
            </Button>
          }
          next={
            isLast ? (
              <Button type="submit" disabled={register.isPending}>
                {register.isPending ? 'Creating Account...' : 'Create Account'}
              </Button>
            ) : (
              <Button key={`continue-${step}`} type="button" onClick={continueToNext}>
                Continue
              </Button>
            )
          }
        />
      }
      below={
        <Text size="sm" c="dimmed" ta="center">
          Already have an account?{' '}
          {/* Underlined: inside a sentence, colour alone does not mark a link (WCAG 1.4.1). */}
          <Anchor component={Link} to="/auth" underline="always">
            Sign in
          </Anchor>
        </Text>
      }
    >
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Stack gap="md">
          {kept.restored && step <= 1 && <KeptInputNotice />}
          {step === 0 && (
            <>
              <Title order={2} fz="h3">
                Firm Details
              </Title>
              <FirmBasicFields control={firmFields} requireHeadquarters />
              <FirmSizeFields control={firmFields} />
              <Divider />
              <OfficeFields control={controlFor(form.control)<OfficesForm>()} label="Office Locations" />
              <Divider />
              <PracticeAreaChecklist
                control={controlFor(form.control)<PracticeAreasForm>()}
                areas={REGISTRATION_PRACTICE_AREAS}
                label="Practice Areas"
              />
            </>
          )}
          {step === 1 && (
            <>
              <Title order={2} fz="h3">
                Contact Info
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <ContactPersonFields control={firmFields} accountHolder />
                <TextInput
                  label="Email Address"
                  type="email"
                  required
                  autoComplete="email"
                  description="You sign in with this address."
                  error={errors.email?.message}
                  {...form.register('email')}
                />
                <ContactPhoneField control={firmFields} label="Phone Number" accountHolder />
                <PasswordField
                  label="Password"
                  autoComplete="new-password"
                  placeholder="At least 6 characters"
                  error={errors.password?.message}
                  {...form.register('password')}
                />
                <PasswordField
                  label="Confirm Password"
                  autoComplete="new-password"
                  error={errors.confirmPassword?.message}
                  {...form.register('confirmPassword')}
                />
              </SimpleGrid>
            </>
          )}
          {step === 2 && (
            <>
              <Title order={2} fz="h3">
                Review & Create Account
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <SummaryRow label="Firm Name" value={values.firmName ?? ''} />
                <SummaryRow label="Headquarters" value={values.headquartersAddress ?? ''} />
                <SummaryRow label="Contact Person" value={values.contactPersonName ?? ''} />
                <SummaryRow label="Email" value={values.email ?? ''} />
              </SimpleGrid>
              <SummaryRow
                label="Practice Areas"
                value={values.practiceAreas?.length ? values.practiceAreas.join(', ') : 'None selected'}
              />
              <Checkbox
                label={
                  <>
                    I agree to the{' '}
                    <Anchor component={Link} to="/terms" target="_blank" underline="always">
                      Terms of Service
                    </Anchor>{' '}
                    and{' '}
                    <Anchor component={Link} to="/privacy" target="_blank" underline="always">
                      Privacy Policy
                    </Anchor>
                  </>
                }
                required
                error={errors.agreeToTerms?.message}
                {...form.register('agreeToTerms')}
              />
            </>
          )}
        </Stack>
      </Paper>
    </WizardShell>
  );
}
