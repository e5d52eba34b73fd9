import { useEffect, useRef, useState } from 'react';

/** Mantine's Modal gives focus back 10 ms after it closes; this comes after it, so that it has the last word. */
const AFTER_DIALOG_MS = 30;

/**
 * Where the keyboard was when a dialog opened, to go back to once it closes (WCAG 2.4.3: otherwise focus falls
 * to the page's start and a keyboard user tabs through everything again). Mantine's Modal does this only
 * when the same dialog closes; a dialog mounted afresh for each opening (keyed by what it edits), one opened
 * from code (the identity check) and one whose opener went with the change it made need this. Call it when
 * the dialog opens; call what it returns when it closes, with `instead` when the opener is gone or the
 * change moved the focus's place (the request card after a share).
 */
export function rememberFocus() {
  const active = document.activeElement;
  const opener = active instanceof HTMLElement && active !== document.body ? active : null;
  return (instead?: () => HTMLElement | null | undefined) => {
    setTimeout(() => {
      const target = instead?.() ?? (opener?.isConnected ? opener : null);
      target?.focus();
    }, AFTER_DIALOG_MS);
  };
}

/**
 * For a dialog whose first render is already open: one rendered only while open (`{editing && <RolesDialog …/>}`)
 * or loaded when first wanted (ConfirmDialog). Mantine's Modal, mounted open, does not know where the focus
 * was. This keeps the element focused at the dialog's first render (before its focus trap moves in) and gives
 * the focus back to it when the dialog first closes (`opened` turns false) or goes. Later openings of a dialog
 * that stays mounted are Mantine's own. A remount at once (React's development double effects) gives nothing.
 */
export function useFocusBack(opened = true) {
  const [giveBack] = useState(rememberFocus);
  const given = useRef(false);
  const leaving = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (opened || given.current) return;
    given.current = true;
    giveBack();
  }, [opened, giveBack]);
  useEffect(() => {
    clearTimeout(leaving.current);
    return () => {
      if (!given.current) leaving.current = setTimeout(giveBack, 0);
    };
  }, [giveBack]);
}
