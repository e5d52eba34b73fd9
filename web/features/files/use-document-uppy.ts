import type { FileRef } from '@shared/files';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { api } from '../../lib/client';
import type { DocumentUppy } from './document-uppy';

/**
 * Uppy with its Dashboard is heavy for a page (bench/page-weight.ts): it loads when first needed,
 * not with the page. Hovering or focusing the drop zone starts the download; choosing or dropping
 * files there (DropZone) mounts it and hands it those files.
 */
export const loadDocumentUppy = () => import('./document-uppy');

/**
 * An Uppy with its Dashboard in the returned ref's element, created once `start` was called and the
 * server's upload settings are known, and destroyed on unmount. Callbacks may change between renders.
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
  // Files chosen in the drop zone before Uppy was there.
  const pending = useRef<File[]>([]);
  const [active, setActive] = useState(false);
  // Uppy's Dashboard is in `target` (the drop zone is no longer shown).
  const [mounted, setMounted] = useState(false);
  const settings = useQuery({
    queryKey: ['/api/uploads/settings'],
    queryFn: () => api('GET /api/uploads/settings'),
  });

  useEffect(() => {
    if (!active || settings.isLoading) return;
    let cancelled = false;
    let created: DocumentUppy | null = null;
    loadDocumentUppy().then(({ createDocumentUppy, mountDashboard }) => {
      if (cancelled || !target.current) return;
      const uppy = createDocumentUppy({
        id: opts.id,
        maxFiles: callbacks.current.maxFiles,
        settings: settings.data,
        onConfirmed: (file) => callbacks.current.onConfirmed(file),
        onFailed: (message) => callbacks.current.onFailed(message),
      });
      mountDashboard(uppy, target.current);
      created = uppy;
      uppyRef.current = uppy;
      // The Dashboard replaces the drop zone in the same frame: nothing moves.
      flushSync(() => setMounted(true));
      const files = pending.current;
      pending.current = [];
      if (files.length)
        uppy.addFiles(files.map((data) => ({ source: 'Dashboard', name: data.name, type: data.type, data })));
    });
    return () => {
      cancelled = true;
      if (created) {
        uppyRef.current = null;
        created.destroy();
      }
    };
  }, [active, opts.id, settings.isLoading, settings.data]);

  // Room left in the list: the restriction follows the value.
  useEffect(() => {
    const uppy = uppyRef.current;
    if (!uppy) return;
    uppy.setOptions({
      restrictions: { ...uppy.opts.restrictions, maxNumberOfFiles: Math.max(1, opts.maxFiles) },
    });
  }, [opts.maxFiles]);

  const start = useCallback((files: File[] = []) => {
    pending.current.push(...files);
    setActive(true);
  }, []);

  return { target, isLoading: active && !mounted, mounted, start };
}
