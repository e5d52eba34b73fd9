import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { todayUtc } from '@shared/calendar';
import { missingAnswers } from '@shared/master-lpq-answers';
import type { AttorneyRequestItem } from '@shared/position-lpq';
import {
  ALWAYS_SHARED_PARTS,
  BUSINESS_CASE_SHARE_NOTE,
  DIVERSITY_SHARE_NOTE,
  PACKAGE_PART_LABELS,
  PACKAGE_PARTS,
  type PackageParts,
  SHARING_MESSAGES,
  SHARING_TOASTS,
  shareSummary,
} from '@shared/sharing';
import { READABLE_PART_LABELS } from '@shared/team';
import { TOASTS } from '@shared/texts';
import { IconEye } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { errorMessage, fieldErrors } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { useMasterLpq, useMasterLpqChecks } from '../attorney/queries';
import { FirmsWillAsk } from '../questionnaires/FirmsWillAsk';
import { masterLpqFieldHref } from '../questionnaires/master-lpq/form';
import { WhatIsMissing } from '../questionnaires/WhatIsMissing';
import { CertificationField, useCertification } from './CertificationField';
import { AudienceLine, AudienceState, diversityRefusalOf } from './PartAudience';
import { useRequestAudience, useSendUpdate, useSharePreview, useShareRequest } from './queries';

const PreviewModal = lazy(() => import('./PreviewModal'));

const HINTS: Partial<Record<keyof PackageParts, string>> = {
  documents: 'Your resume and the documents listed in your Master LPQ.',
};

/** A tick box's description: what the part is, then who at the firm reads it, each on its own line. */
function PartDescription(props: { note?: string | null; children?: ReactNode }) {
  return (
    <>
      {props.note && (
        <Text span display="block" inherit>
          {props.note}
        </Text>
      )}
      {props.children}
    </>
  );
}

/**
 * PRODUCT.md §4: the share dialog (and, for a shared request, 'Send update'): each part of the package
 * with a tick box, an optional access end date, a preview through the firm's own review screen, and one
 * line that says what the firm will receive.
 */
export function ShareDialog(props: {
  item: AttorneyRequestItem | null;
  mode: 'share' | 'update';
  /** `sent`: closed by a share or update that went through (not by Cancel or Escape). */
  onClose: (sent: boolean) => void;
}) {
  const { item, mode } = props;
  const preview = useSharePreview(item?.id ?? null);
  // PRODUCT.md §9: before sharing, who at the firm reads each part; the diversity tick waits for the answer.
  const audience = useRequestAudience(item?.id ?? null);
  const refusal = diversityRefusalOf(audience.data);
  const masterLpq = useMasterLpq();
  // PRODUCT.md §5: sharing needs a complete master LPQ; the panel links to each missing answer.
  const missing = item && masterLpq.isSuccess ? missingAnswers(masterLpq.data ?? {}) : [];
  // PRODUCT.md §12: the questions firms are likely to ask, private to the attorney; they never block sharing.
  const checks = useMasterLpqChecks(!!item);
  const flags = item ? (checks.data?.flags ?? []) : [];
  const share = useShareRequest();
  const update = useSendUpdate();
  const mutation = mode === 'share' ? share : update;
  const [chosen, setInclude] = useState<PackageParts | null>(null);
  // A firm that cannot receive the diversity form never gets it, whatever was ticked or sent before.
  const include = chosen && { ...chosen, diversityForm: chosen.diversityForm && !refusal };
  // The parent keys this dialog by request, so each request opens with fresh state.
  const [accessUntil, setAccessUntil] = useState(item?.accessUntil ?? '');
  const [previewing, setPreviewing] = useState(false);
  const errors = fieldErrors(mutation.error);
  // Issue 67: Send update with nothing changed since the latest version: the server sends nothing (409), and
  // the dialog says so where the attorney is looking.
  const nothingChanged =
    mode === 'update' && item?.version != null ? SHARING_MESSAGES.nothingChanged(item.version) : null;
  const unchanged = !!nothingChanged && errorMessage(mutation.error, '') === nothingChanged;
  const certification = useCertification(errors['certification.fullName']);

  // The defaults come from the server: what exists, and what goes unless the attorney unticks it.
  useEffect(() => {
    if (preview.data && item) setInclude(preview.data.include);
  }, [preview.data, item]);
  const close = () => !mutation.isPending && props.onClose(false);
  const available = preview.data?.available;
  const documentCount = preview.data?.documentCount ?? 0;

  const submit = () => {
    if (!item || !include || !certification.check()) return;
    const body = { include, accessUntil: accessUntil || null, certification: certification.body };
    const done = {
      onSuccess: () => {
        showToast(mode === 'share' ? TOASTS.shareSuccess : SHARING_TOASTS.updateSent, { variant: 'success' });
        props.onClose(true);
      },
      onError: (error: unknown) => {
        if (Object.keys(fieldErrors(error)).length) return;
        if (nothingChanged && errorMessage(error, '') === nothingChanged) return;
        const fallback = mode === 'share' ? TOASTS.shareFailed : SHARING_TOASTS.updateFailed;
        showToast(fallback, { variant: 'destructive', message: errorMessage(error, fallback.message) });
      },
    };
    if (mode === 'share') share.mutate({ id: item.id, body }, done);
    else update.mutate({ id: item.id, body }, done);
  };

  return (
    <>
      <Modal
        opened={!!item && !previewing}
        onClose={close}
        title={mode === 'share' ? 'Share LPQ Package' : 'Send Update'}
        centered
        size="lg"
      >
        <Stack gap="md">
          <Text size="sm">
            {mode === 'share' ? (
              <>
                You are about to share your LPQ package with <strong>{item?.firmName}</strong> for the
                position <strong>{item?.positionTitle}</strong>. The package includes your Master LPQ, the
                conflicts form, the diversity form (only if you tick it) and other completed documents.
              </>
            ) : (
              <>
                Your current answers become version {(item?.version ?? 0) + 1} for{' '}
                <strong>{item?.firmName}</strong>. Earlier versions stay as they were, and the firm sees what
                changed.
              </>
            )}
          </Text>
          {missing.length > 0 && (
            <WhatIsMissing
              items={missing}
              hrefFor={(i) => masterLpqFieldHref(i.field)}
              description={`${mode === 'share' ? 'Share' : 'Send update'} needs a complete Master LPQ. Select an answer to go to it.`}
            />
          )}
          <FirmsWillAsk flags={flags} hrefFor={masterLpqFieldHref} />
          {preview.isLoading && (
            <Group gap="xs" role="status">
              <Loader size="sm" aria-label="Loading your package" />
              <Text size="sm">Checking what your package holds…</Text>
            </Group>
          )}
          {preview.isError && (
            <Alert color="red" role="alert" title="Your package could not be prepared">
              {errorMessage(preview.error, 'Please try again.')}
            </Alert>
          )}
          {include && available && (
            <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
              <Text component="legend" size="sm" fw={600} mb={4}>
                What {item?.firmName} receives
              </Text>
              <AudienceState audience={audience} firmName={item?.firmName ?? 'the firm'} />
              {ALWAYS_SHARED_PARTS.map((part) => (
                <Checkbox
                  key={part}
                  label={READABLE_PART_LABELS[part]}
                  checked
                  disabled
                  description={
                    <PartDescription note="Always included">
                      <AudienceLine audience={audience.data} part={part} />
                      {part === 'masterLpq' && (
                        <Text span display="block" size="xs" c="gray.7">
                          {BUSINESS_CASE_SHARE_NOTE}
                        </Text>
                      )}
                    </PartDescription>
                  }
                />
              ))}
              {PACKAGE_PARTS.map((part) => {
                // The diversity tick waits for the firm's answer, and stays off when it cannot receive it.
                const locked = part === 'diversityForm' && (!!refusal || audience.isLoading);
                return (
                  <Checkbox
                    key={part}
                    label={PACKAGE_PART_LABELS[part]}
                    checked={include[part]}
                    disabled={!available[part] || locked || mutation.isPending}
                    description={
                      <PartDescription note={partNote(part, available[part], refusal)}>
                        {/* The refusal says who cannot read it; a line of roles would repeat it. */}
                        {!(part === 'diversityForm' && refusal) && (
                          <AudienceLine audience={audience.data} part={part} />
                        )}
                      </PartDescription>
                    }
                    onChange={(e) => setInclude({ ...include, [part]: e.currentTarget.checked })}
                  />
                );
              })}
            </Stack>
          )}
          <TextInput
            type="date"
            label="Access end date (optional)"
            description="After this day the firm can no longer open your package or its documents."
            min={todayUtc()}
            value={accessUntil}
            onChange={(e) => setAccessUntil(e.currentTarget.value)}
            error={errors.accessUntil}
            disabled={mutation.isPending}
            maw={280}
          />
          <CertificationField certification={certification} disabled={mutation.isPending} />
          {include && item && (
            <Paper withBorder p="sm" bg="gray.0">
              <Text size="sm" aria-live="polite">
                {shareSummary(item.firmName, include, documentCount, accessUntil || null)}
              </Text>
            </Paper>
          )}
          {unchanged && (
            <Alert color="blue" role="alert" title={nothingChanged}>
              Nothing was sent. Change an answer, a document or what {item?.firmName} receives, then send the
              update.
            </Alert>
          )}
          <Text size="sm">Both you and the firm will receive email notifications.</Text>
          <Group justify="space-between" gap="sm">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setPreviewing(true)}
              disabled={!include}
            >
              <Group gap={4} component="span">
                <IconEye size={16} aria-hidden />
                Preview what {item?.firmName} will see
              </Group>
            </Anchor>
            <Group gap="sm">
              <Button variant="default" onClick={close} disabled={mutation.isPending}>
                Cancel
              </Button>
              <Button
                onClick={submit}
                disabled={!include || mutation.isPending || missing.length > 0}
                loading={mutation.isPending}
              >
                {mode === 'share' ? 'Share LPQ' : 'Send Update'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Modal>
      {item && include && previewing && (
        <Suspense fallback={null}>
          <PreviewModal item={item} include={include} onClose={() => setPreviewing(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The first line under a part's tick box: why it cannot go, or what it is. */
function partNote(part: keyof PackageParts, available: boolean, refusal: string | null) {
  if (part === 'diversityForm') {
    if (refusal) return refusal;
    return available ? DIVERSITY_SHARE_NOTE : 'You have not submitted the diversity form.';
  }
  return available ? HINTS[part] : 'Nothing saved yet.';
}
