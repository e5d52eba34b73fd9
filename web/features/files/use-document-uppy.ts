import type { FileRef } from '@shared/files';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/client';
import { createDocumentUppy, type DocumentUppy, mountDashboard } from './document-uppy';

/**
 * An Uppy with its Dashboard in the returned ref's element, created once the server's upload
 * settings are known and destroyed on unmount. Callbacks may change between renders.
 */
export function useDocumentUppy(opts: {
  id: string;
  maxFiles: number;
  onConfirmed: (file: FileRef) => void;
  onFailed: (message?: string) => void;
}) {
  const target = useRef<HTMLDivElement>(null);
  const uppyRef = useRef<DocumentUppy | null>(null);
  const callbacks = useRef(opts);
  callbacks.current = opts;
  const settings = useQuery({
    queryKey: ['/api/uploads/settings'],
    queryFn: () => api('GET /api/uploads/settings'),
  });

  useEffect(() => {
    if (!target.current || settings.isLoading) return;
    const uppy = createDocumentUppy({
      id: opts.id,
      maxFiles: callbacks.current.maxFiles,
      settings: settings.data,
      onConfirmed: (file) => callbacks.current.onConfirmed(file),
      onFailed: (message) => callbacks.current.onFailed(message),
    });
    mountDashboard(uppy, target.current);
    uppyRef.current = uppy;
    return () => {
      uppyRef.current = null;
      uppy.destroy();
    };
  }, [opts.id, settings.isLoading, settings.data]);

  // Room left in the list: the restriction follows the value.
  useEffect(() => {
    const uppy = uppyRef.current;
    if (!uppy) return;
    uppy.setOptions({
      restrictions: { ...uppy.opts.restrictions, maxNumberOfFiles: Math.max(1, opts.maxFiles) },
    });
  }, [opts.maxFiles]);

  return { target, isLoading: settings.isLoading };
}
