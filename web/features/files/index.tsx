import { Loader } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';

// Uppy loads only with the pages that upload, never with /auth or the dashboards.
const LazyResumeUploader = lazy(() => import('./ResumeUploader'));
const LazyDocumentsUploader = lazy(() => import('./DocumentsUploader'));

export function ResumeUploader(props: ComponentProps<typeof LazyResumeUploader>) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading uploader" />}>
      <LazyResumeUploader {...props} />
    </Suspense>
  );
}

export function DocumentsUploader(props: ComponentProps<typeof LazyDocumentsUploader>) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading uploader" />}>
      <LazyDocumentsUploader {...props} />
    </Suspense>
  );
}
