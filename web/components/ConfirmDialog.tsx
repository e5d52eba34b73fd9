import { lazy, Suspense, useEffect, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialogModal';

// The props are the dialog's own (ConfirmDialogModal.tsx, the leaf): this file imports it, never the reverse.
export type { ConfirmDialogProps };

const loadDialog = () => import('./ConfirmDialogModal');
const Dialog = lazy(loadDialog);
/** Long enough for the page's own first paint, short enough that a click finds the dialog loaded. */
const PRELOAD_AFTER_MS = 1500;

/**
 * A confirmation before an action (withdraw an invitation, mark a review). Mantine's Modal brings its focus
 * trap, scroll lock and portal, several files of code: they are fetched a moment after the page has
 * shown, not with its first code, so the page shows sooner (Lighthouse's LCP on the firm's review screen,
 * bench/lighthouse.ts). Nothing renders until the dialog is first opened; from then it stays mounted, for
 * its closing transition.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  useEffect(() => {
    const timer = setTimeout(() => {
      loadDialog().catch(() => {});
    }, PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
