import { Alert, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { describePackage } from '@shared/package-view';
import type { AttorneyRequestItem } from '@shared/position-lpq';
import type { PackageParts } from '@shared/sharing';
import { IconEye } from '@tabler/icons-react';
import { useMemo } from 'react';
import { errorMessage } from '../../lib/api';
import { PackageTabs } from '../firm/PackageTabs';
import { SummaryCard } from '../firm/PackageView';
import { useSharePreview } from './queries';

/**
 * 'Preview what FIRM will see' (PRODUCT.md §4, §5): the package the firm would receive with the parts
 * ticked now, rendered by the firm's own review components from GET …/preview. Loaded only when opened.
 */
export default function PreviewModal(props: {
  item: AttorneyRequestItem;
  include: PackageParts;
  onClose: () => void;
}) {
  const { item } = props;
  const phone = useMediaQuery('(max-width: 36em)');
  const preview = useSharePreview(item.id, props.include);
  const view = useMemo(
    () =>
      preview.data
        ? describePackage(preview.data, {
            firmName: item.firmName,
            firmSpecificQuestions: item.firmSpecificQuestions,
          })
        : null,
    [preview.data, item],
  );
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`What ${item.firmName} will see`}
      // As wide as the firm's review screen (tables keep every column), the whole screen on a phone.
      size={1120}
      fullScreen={phone}
    >
      <Stack gap="md">
        <Alert color="blue" icon={<IconEye aria-hidden />} title="Preview">
          This is exactly what {item.firmName} will receive for {item.positionTitle}, shown the way their
          review screen shows it. Nothing is shared until you confirm.
        </Alert>
        {preview.isLoading && (
          <Group justify="center" py="xl" role="status">
            <Loader aria-label="Loading the preview" />
          </Group>
        )}
        {preview.isError && (
          <Alert color="red" role="alert" title="The preview could not be loaded">
            {errorMessage(preview.error, 'Please try again.')}
          </Alert>
        )}
        {view && (
          <>
            <Text size="sm" c="dimmed">
              {view.attorneyName} · version {view.version}
            </Text>
            <SummaryCard rows={view.summary} />
            <PackageTabs view={view} />
          </>
        )}
      </Stack>
    </Modal>
  );
}
