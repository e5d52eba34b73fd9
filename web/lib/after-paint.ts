import { useEffect, useState } from 'react';

/** A tab opened in the background paints no frames: what waits for a paint comes after this anyway. */
const HIDDEN_TAB_FALLBACK_MS = 1000;

/**
 * False until a moment after the first render is on screen, then true: for what can wait until the
 * page's main content is painted (the review screen's body, the dashboard's recent activity), so that
 * its code and data do not compete with that content's (Lighthouse's LCP, bench/lighthouse.ts). The
 * screen shows a frame one or more frames after its callback runs (Chromium presents it some tens of
 * milliseconds after the DOM changed), so the change waits a little longer than that.
 * A background tab runs no frame callbacks; there the change comes after HIDDEN_TAB_FALLBACK_MS.
 */
export function useAfterFirstPaint(delayMs = 100) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => setPainted(true);
    const fallback = setTimeout(show, HIDDEN_TAB_FALLBACK_MS);
    const frame = requestAnimationFrame(() => {
      clearTimeout(fallback);
      timer = setTimeout(show, delayMs);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [delayMs]);
  return painted;
}
