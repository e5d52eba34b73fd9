import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type AttorneyRegistrationFormValues, attorneyRegistrationFormSchema } from '@shared/attorney';
import { REGISTRATION_PRACTICE_AREAS } from '@shared/practice-areas';
import { TOASTS } from '@shared/texts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { KeptInputNotice } from '../components/KeptInputNotice';
import { PasswordField } from '../components/PasswordField';
import { StepNav } from '../components/StepNav';
import { WizardFooter, WizardShell } from '../components/WizardShell';
import {
  PracticeAreasField,
  ProfessionalFields,
  type ProfessionalForm,
} from '../features/attorney/ProfessionalFields';
import { TextField } from '../features/questionnaires/fields';
import { errorMessage, fieldErrors, statusOf } from '../lib/api';
import { setCurrentUser } from '../lib/auth';
import { api, type BodyOf } from '../lib/client';
import { applyServerErrors, controlFor } from '../lib/forms';
import { useKeptInput } from '../lib/kept-input';
import { showToast } from '../lib/toast';

type Values = AttorneyRegistrationFormValues;
const STEPS = ['Basic Info', 'Professional Details', 'Preferences'] as const;
const PASSWORDS = ['password', 'confirmPassword'] as const;
const STEP_FIELDS: FieldPath<Values>[][] = [
  ['firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword'],
  ['currentFirm', 'position', 'yearsExperience', 'lawSchool', 'graduationYear', 'barAdmissions'],
  ['practiceAreas'],
];
const stepOf = (field: string) =>
  Math.max(
    0,
    STEP_FIELDS.findIndex((fields) => fields.includes(field as never)),
  );

/** Spec 2.6 + PRODUCT.md §2: three steps, then one call creates the account and the profile and signs in. */
export default function RegisterAttorney() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Firms' invitation e-mails link here with the token and the invited address.
  const invitationToken = params.get('token') ?? undefined;
  const [step, setStep] = useState(0);
  const form = useForm<Values>({
    resolver: zodResolver(attorneyRegistrationFormSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: params.get('email') ?? '',
      phone: '',
      password: '',
      confirmPassword: '',
      currentFirm: '',
      position: null,
      yearsExperience: null,
      lawSchool: '',
      graduationYear: null,
      barAdmissions: '',
      practiceAreas: [],
    },
  });
  const { control, formState } = form;
  const professional = controlFor(control)<ProfessionalForm>();
  // A reload keeps what was typed (never the passwords, on step 1, which must be typed again).
  const kept = useKeptInput({ form, name: 'attorney', never: PASSWORDS, step, setStep, resumeStep: 0 });

  const register = useMutation({
    mutationFn: (body: BodyOf<'POST /api/register/attorney'>) => api('POST /api/register/attorney', { body }),
    onSuccess: (user) => {
      kept.forget();
      setCurrentUser(user);
      showToast(TOASTS.registerSuccess, { variant: 'success' });
      navigate('/attorney/master-lpq', { replace: true });
    },
    onError: (error) => {
      showToast(TOASTS.attorneyRegistrationFailed, {
        variant: 'destructive',
        message: errorMessage(error, TOASTS.registerFailed.message),
      });
      applyServerErrors(error, form.setError);
      const fields = Object.keys(fieldErrors(error));
      // 409: the address already has an account.
      if (statusOf(error) === 409) {
        form.setError('email', { type: 'server', message: errorMessage(error, '') });
        fields.push('email');
      }
      if (fields.length) setStep(Math.min(...fields.map(stepOf)));
    },
  });

  const submit = form.handleSubmit(
    (values) => {
      const { confirmPassword: _, ...body } = values as Values;
      register.mutate({ ...body, invitationToken });
    },
    (errors) => setStep(Math.min(...Object.keys(errors).map(stepOf))),
  );

  async function next() {
    // The account cannot be created without step 1, so it is checked before moving on.
    if (step === 0 && !(await form.trigger(STEP_FIELDS[0]))) return;
    setStep((s) => s + 1);
  }

  return (
    <WizardShell
      title="Attorney Registration"
      stepKey={step}
      subtitle="Create your account and professional profile."
      back={
        step === 0
          ? { to: '/', label: 'Back to Home' }
          : { onClick: () => setStep(step - 1), label: `Back to ${STEPS[step - 1]}` }
      }
      nav={<StepNav steps={STEPS} active={step} onSelect={setStep} lastSelectable={step} />}
      onSubmit={(e) => {
        e.preventDefault();
        if (step < STEPS.length - 1) void next();
        else void submit();
      }}
      footer={
        <WizardFooter
          back={
            step === 0 ? (
              <Button variant="default" component={Link} to="/">
                Cancel
              </Button>
            ) : (
              <Button variant="default" onClick={() => setStep(step - 1)}>
                Back
              </Button>
            )
          }
          next={
            <Button type="submit" disabled={register.isPending}>
              {step < STEPS.length - 1
                ? 'Continue'
                : register.isPending
                  ? 'Creating Account...'
                  : 'Create Account'}
            </Button>
          }
        />
      }
      below={
        step === 0 && (
          <Text size="sm" c="dimmed" ta="center">
            Already have an account? <Link to="/auth">Sign in</Link>
          </Text>
        )
      }
    >
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {STEPS[step]}
          </Title>
          {step === 0 && (
            <>
              {kept.restored && <KeptInputNotice />}
              <Text size="sm" c="dimmed">
                All fields on this step are required.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextField control={control} name="firstName" label="First Name" autoComplete="given-name" />
                <TextField control={control} name="lastName" label="Last Name" autoComplete="family-name" />
              </SimpleGrid>
              <TextField
                control={control}
                name="email"
                label="Email Address"
                type="email"
                autoComplete="email"
              />
              <TextField control={control} name="phone" label="Phone Number" type="tel" autoComplete="tel" />
              <PasswordField
                label="Password"
                placeholder="At least 6 characters"
                autoComplete="new-password"
                error={formState.errors.password?.message}
                {...form.register('password')}
              />
              <PasswordField
                label="Confirm Password"
                placeholder="Repeat your password"
                autoComplete="new-password"
                error={formState.errors.confirmPassword?.message}
                {...form.register('confirmPassword')}
              />
            </>
          )}
          {step === 1 && <ProfessionalFields control={professional} currentFirmOwnRow />}
          {step === 2 && (
            <PracticeAreasField
              control={professional}
              areas={REGISTRATION_PRACTICE_AREAS}
              description="Select all that apply"
              cols={{ base: 1, xs: 2 }}
            />
          )}
        </Stack>
      </Paper>
    </WizardShell>
  );
}
