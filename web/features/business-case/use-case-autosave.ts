import { resolveAssumptions } from '@shared/business-case/assumptions';
import { AUTOSAVE_TIMING, type SaveStatus } from '@shared/drafts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage, fieldErrors, queryClient } from '../../lib/api';
import { retryLater } from '../../lib/autosave';
import { api, apiUrl, type BodyOf, type ResultOf } from '../../lib/client';
import { LOCAL_PREFIX } from '../../lib/unsaved-input';
import { type AssumptionValues, stableJson } from './assumption-values';
import { BUSINESS_CASE_KEYS } from './queries';

type Body = BodyOf<'PUT /api/firm/lpq-requests/:id/business-case/assumptions'>;
type Case = ResultOf<'GET /api/firm/lpq-requests/:id/business-case'>;

/**
 * The firm's assumptions saved like the attorney's autosave (web/lib/autosave.ts): a moment after typing
 * stops, the request's assumptions are replaced (PUT …/business-case/assumptions). What is typed is never
 * lost on a failed save: it stays in the form and in this tab's sessionStorage (removed at sign-out, with
 * every `lp.unsaved.` key), a server's refusal (400) shows its message at the field and waits for the next
 * edit, anything else is retried with a growing wait (and at once on 'Try again' or back online), and a page
 * left with a save pending sends it with keepalive.
 */
export type CaseAutosave = {
  status: SaveStatus;
  savedAt: Date | null;
  /** The last save's failure, in the server's words; null once one succeeds. */
  problem: string | null;
  /** A 400's per-field messages (`haircut`, `clientHaircuts.2`). */
  fieldProblems: Record<string, string>;
  retry: () => void;
};

export const localCaseKey = (userId: string, requestId: string) =>
  `${LOCAL_PREFIX}${userId}.business-case.${requestId}`;

export function readLocalValues(key: string): AssumptionValues | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as AssumptionValues) : null;
  } catch {
    return null;
  }
}
function writeLocal(key: string, values: AssumptionValues) {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full or disabled: the form still holds it.
  }
}
function removeLocal(key: string) {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

export function useCaseAutosave(opts: {
  requestId: string;
  /** The version on screen: the PUT answers the case recomputed on it. */
  version: number;
  localKey: string;
  /** What the form holds. */
  values: AssumptionValues | null;
  /** The body for `values`, or null while a field is invalid (nothing is sent). */
  body: Body | null;
  /** The body the server holds (the assumptions it answered with). */
  savedBody: Body | null;
}): CaseAutosave {
  const { requestId, version, localKey, values, body, savedBody } = opts;
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldProblems, setFieldProblems] = useState<Record<string, string>>({});
  const lastSaved = useRef<string | null>(null);
  const latest = useRef<{ body: Body | null; version: number }>({ body, version });
  latest.current = { body, version };
  const timer = useRef<number | undefined>(undefined);
  const retryDelay = useRef<number>(AUTOSAVE_TIMING.retryMinMs);
  const inFlight = useRef<Promise<void> | null>(null);

  if (lastSaved.current === null && savedBody) lastSaved.current = stableJson(savedBody);

  const save = useCallback(async (): Promise<void> => {
    window.clearTimeout(timer.current);
    if (inFlight.current) await inFlight.current;
    const { body: sending, version: onVersion } = latest.current;
    if (!sending) return;
    const json = stableJson(sending);
    if (json === lastSaved.current) {
      setStatus((s) => (s === 'idle' ? s : 'saved'));
      return;
    }
    if (!navigator.onLine) {
      setStatus('offline');
      return;
    }
    setStatus('saving');
    const run = (async () => {
      try {
        const kase = await api('PUT /api/firm/lpq-requests/:id/business-case/assumptions', {
          params: { id: requestId },
          query: { version: onVersion },
          body: sending,
        });
        lastSaved.current = json;
        retryDelay.current = AUTOSAVE_TIMING.retryMinMs;
        queryClient.setQueryData(BUSINESS_CASE_KEYS.case(requestId, onVersion), kase);
        setSavedAt(new Date());
        setProblem(null);
        setFieldProblems({});
        const now = latest.current.body;
        if (now && stableJson(now) === json) {
          removeLocal(localKey);
          setStatus('saved');
        } else setStatus('pending');
      } catch (error) {
        setProblem(errorMessage(error, 'Your assumptions could not be saved.'));
        if (error instanceof ApiError && (error.status === 400 || error.status === 401)) {
          // Refused as it is (or signed out: the API goes to sign-in); the next edit tries again.
          setFieldProblems(fieldErrors(error));
          setStatus('retrying');
          return;
        }
        retryLater(setStatus, { retryDelay, timer }, save);
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
  }, [requestId, localKey]);

  // Typing: a local copy at once, the save when typing stops.
  const json = body ? stableJson(body) : null;
  const valuesJson = values ? JSON.stringify(values) : null;
  useEffect(() => {
    if (valuesJson === null || lastSaved.current === null) return;
    if (json === lastSaved.current) {
      // Back to what is saved: nothing to send (a save waiting for a timer is not needed either).
      removeLocal(localKey);
      window.clearTimeout(timer.current);
      setProblem(null);
      setFieldProblems({});
      setStatus((s) => (s === 'idle' ? s : 'saved'));
      return;
    }
    writeLocal(localKey, JSON.parse(valuesJson) as AssumptionValues);
    if (json === null) {
      // A field is invalid: nothing is sent until it is fixed.
      window.clearTimeout(timer.current);
      setStatus('pending');
      return;
    }
    setStatus((s) => (s === 'offline' ? s : 'pending'));
    window.clearTimeout(timer.current);
    retryDelay.current = AUTOSAVE_TIMING.retryMinMs;
    timer.current = window.setTimeout(() => void save(), AUTOSAVE_TIMING.debounceMs);
  }, [json, valuesJson, localKey, save]);

  // Back online: save what waited.
  useEffect(() => {
    const online = () => void save();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [save]);

  // Leaving (the page, or the tab within it): what is still unsaved goes out with keepalive.
  useEffect(() => {
    const sendNow = () => {
      const { body: pending, version: onVersion } = latest.current;
      if (!pending || lastSaved.current === null || stableJson(pending) === lastSaved.current) return;
      window.clearTimeout(timer.current);
      void fetch(
        apiUrl('PUT /api/firm/lpq-requests/:id/business-case/assumptions', {
          params: { id: requestId },
          query: { version: onVersion },
        }),
        {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(pending),
          credentials: 'include',
          keepalive: true,
        },
      )
        .then((res) => {
          if (!res.ok) return;
          lastSaved.current = stableJson(pending);
          removeLocal(localKey);
          // The tab opened again starts from what was saved, not from the case read before it.
          queryClient.setQueriesData<Case>({ queryKey: BUSINESS_CASE_KEYS.all(requestId) }, (old) =>
            old ? { ...old, assumptions: resolveAssumptions(pending, old.assumptions) } : old,
          );
        })
        .catch(() => undefined);
    };
    window.addEventListener('pagehide', sendNow);
    return () => {
      window.removeEventListener('pagehide', sendNow);
      sendNow();
    };
  }, [requestId, localKey]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const retry = useCallback(() => {
    retryDelay.current = AUTOSAVE_TIMING.retryMinMs;
    void save();
  }, [save]);

  return { status, savedAt, problem, fieldProblems, retry };
}
