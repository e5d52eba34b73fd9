import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import './uppy-accessibility.css';
import { ACCEPTED_EXTENSIONS, type FileRef, UPLOAD_DEFAULTS, type UploadSettings } from '@shared/files';
import { LIMITS, UPLOADS } from '@shared/limits';
import AwsS3 from '@uppy/aws-s3';
import Uppy, { type UppyFile } from '@uppy/core';
import Dashboard from '@uppy/dashboard';
import { errorMessage } from '../../lib/api';
import { api } from '../../lib/client';
import { ServerRefusal, serverUploadMessage } from './upload-error';

type Meta = { size?: number };
type Body = Record<string, unknown> & { key?: string };
export type DocumentUppy = Uppy<Meta, Body>;

/** The key storage gave the upload: `incoming/{file id}`. */
function uploadedFileId(file: UppyFile<Meta, Body>, body: Body | undefined): string | null {
  const multipart = (file as { s3Multipart?: { key?: string } }).s3Multipart;
  const key = multipart?.key ?? body?.key;
  return typeof key === 'string' ? (key.split('/').pop() ?? null) : null;
}

/**
 * One Uppy for PDF, DOC and DOCX files (spec §5): Uppy's own restrictions and messages, direct
 * uploads to storage through the companion-style routes under /api/uploads (multipart above the
 * server's threshold), and a server confirmation of each file before it counts.
 */
export function createDocumentUppy(opts: {
  id: string;
  maxFiles: number;
  settings?: UploadSettings;
  onConfirmed: (file: FileRef) => void;
  /** The server's message when it gave one (a 413 for size or quota, a refused type), else undefined. */
  onFailed: (message?: string) => void;
}): DocumentUppy {
  const settings = opts.settings ?? {
    maxFileBytes: LIMITS.maxFileBytes,
    multipartThresholdBytes: UPLOAD_DEFAULTS.multipartThresholdBytes,
    minPartBytes: UPLOAD_DEFAULTS.minPartBytes,
    maxParts: UPLOAD_DEFAULTS.maxParts,
  };
  const uppy: DocumentUppy = new Uppy<Meta, Body>({
    id: opts.id,
    autoProceed: true,
    restrictions: {
      maxFileSize: settings.maxFileBytes,
      maxNumberOfFiles: opts.maxFiles,
      allowedFileTypes: [...ACCEPTED_EXTENSIONS],
    },
  });
  uppy.use(AwsS3, {
    // The companion client needs an absolute address.
    endpoint: `${window.location.origin}/api/uploads`,
    limit: UPLOAD_DEFAULTS.concurrentRequests,
    retryDelays: [...UPLOAD_DEFAULTS.retryDelaysMs],
    // The server records the declared size and refuses what is too big before any byte moves.
    allowedMetaFields: ['size'],
    shouldUseMultipart: (file) => (file.size ?? 0) > settings.multipartThresholdBytes,
    getChunkSize: () => settings.minPartBytes,
  });
  uppy.on('file-added', (file) => uppy.setFileMeta(file.id, { size: file.size ?? 0 }));
  const confirmed = new Set<string>();
  // The server's check of the stored bytes is Uppy's postprocessing step (spec §4 file states).
  uppy.addPostProcessor(async (fileIDs) => {
    for (const fileID of fileIDs) {
      const file = uppy.getFile(fileID);
      if (!file || file.error) continue;
      uppy.emit('postprocess-progress', file, { mode: 'indeterminate', message: 'Checking the document…' });
      const id = uploadedFileId(file, file.response?.body);
      try {
        if (!id) throw new Error('Upload failed');
        opts.onConfirmed(await api('POST /api/objects/:id/confirm', { params: { id } }));
        confirmed.add(fileID);
      } catch (error) {
        const message = errorMessage(error, '');
        uppy.emit('upload-error', file, message ? new ServerRefusal(message) : new Error('Upload failed'));
      }
      uppy.emit('postprocess-complete', file);
    }
  });
  // Confirmed files now live in the form's value, not in the uploader.
  uppy.on('complete', () => {
    for (const fileID of confirmed) if (uppy.getFile(fileID)) uppy.removeFile(fileID);
    confirmed.clear();
  });
  uppy.on('upload-error', (file, error) => {
    const message = file ? serverUploadMessage(file.name ?? '', error) : undefined;
    // Uppy's Dashboard shows the error's own text under the file: make it the server's reason.
    if (file && message && uppy.getFile(file.id)) uppy.setFileState(file.id, { error: message });
    opts.onFailed(message);
  });
  return uppy;
}

/** Mounts Uppy's Dashboard (file states, progress, pause/resume/retry/cancel) inline into `target`. */
export function mountDashboard(uppy: DocumentUppy, target: HTMLElement) {
  uppy.use(Dashboard, {
    id: `${uppy.getID()}-dashboard`,
    inline: true,
    target,
    // Spec §9: 750 × 550; Uppy's own style keeps it within a narrower column (max-width: 100%).
    width: UPLOADS.panelWidth,
    height: window.matchMedia(`(max-width: ${UPLOADS.narrowScreenMaxWidth}px)`).matches
      ? UPLOADS.panelHeightNarrow
      : UPLOADS.panelHeight,
    proudlyDisplayPoweredByUppy: false,
    hideProgressDetails: false,
    hideUploadButton: true,
    doneButtonHandler: null,
  });
  // Uppy marks each file a listitem but leaves the list role off when the Dashboard shows a single file
  // (axe: aria-required-parent); the wrapper is given it whenever Uppy renders one.
  const listRole = () => {
    for (const files of target.querySelectorAll('.uppy-Dashboard-files:not([role])'))
      files.setAttribute('role', 'list');
  };
  new MutationObserver(listRole).observe(target, { childList: true, subtree: true });
  listRole();
}
