import { Alert } from '@mantine/core';

/** `?version=N` named a version the package does not (or no longer) have: the latest is shown instead. */
export default function VersionMissing({ version, onClose }: { version: number; onClose: () => void }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      title={`Version ${version} is not available`}
    >
      This package has no version {version}. You are viewing the latest version.
    </Alert>
  );
}
