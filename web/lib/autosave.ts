import { AUTOSAVE_TIMING, SAVE_STATE_TEXT, type SaveStatus } from '@shared/drafts';
import { isJsonObject } from '@shared/json-depth';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api';
import { api, apiUrl, type BodyOf, type ResultOf } from './client';
import { LOCAL_PREFIX } from './unsaved-input';

/**
 * Autosave for the attorney's forms (PRODUCT.md §2). What is typed is
 * - kept in this tab's sessionStorage at once (it survives a reload and a sign-in after the session
 *   ended, and is removed at sign-out), and
 * - saved as a server-side draft a moment after typing stops, on `flush()` (step changes) and when the
 *   page is left, apart from the record the form's own Save button writes.
 * On opening, the newest of the two is put back over the saved record, with a notice and a way to
 * discard it. `status` drives the SaveState line.
 */

/** Drops a form's server draft; a failure leaves it to be replaced or dropped next time. */
const dropDraft = (form: string) =>
  api('DELETE /api/attorney/drafts/:form', { params: { form } }).catch(() => undefined);

const localKey = (userId: string, name: string) => `${LOCAL_PREFIX}${userId}.${name}`;
type LocalCopy = { data: Record<string, unknown>; at: number };

function readLocal(key: string): LocalCopy | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    const parsed = raw ? (JSON.parse(raw) as LocalCopy) : null;
    return parsed && typeof parsed.at === 'number' && parsed.data && typeof parsed.data === 'object'
      ? parsed
      : null;
  } catch {
    return null;
  }
}
function writeLocal(key: string, data: Record<string, unknown>) {
  try {
    window.sessionStorage.setItem(key, JSON.stringify({ data, at: Date.now() } satisfies LocalCopy));
  } catch {
    // Storage full or disabled: the server draft still saves.
  }
}
function removeLocal(key: string) {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

/** Key order does not make two values different. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    isJsonObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/** Forms whose save state says something the user should not walk away from. */
const AT_RISK: ReadonlySet<SaveStatus> = new Set(['retrying', 'offline']);

export type Autosave = {
  status: SaveStatus;
  savedAt: Date | null;
  /** When the form opened with input that had not been saved, and when it was typed. */
  restoredFrom: Date | null;
  /** Save the draft now (a step change). */
  flush: () => Promise<void>;
  /** The form's own Save succeeded: the record holds everything, the draft goes. */
  markSaved: () => void;
  /** Put the saved record back and drop the restored input. */
  discardRestored: () => void;
};

/** What autosave needs of a form: its values, a way to put values back, and word of each edit. */
export type FormSource = {
  read: () => Record<string, unknown>;
  write: (values: Record<string, unknown>) => void;
  /** Calls back on every edit; loading and restoring are not edits. Returns the unsubscribe. */
  onEdit: (callback: () => void) => () => void;
};

/**
 * After a save that did not reach the server: 'offline' while the browser is (coming back online saves
 * again), else 'retrying', with the next save after the retry delay, which doubles up to its cap.
 */
export function retryLater(
  setStatus: (status: SaveStatus) => void,
  refs: { retryDelay: { current: number }; timer: { current: number | undefined } },
  save: () => Promise<void>,
) {
  if (!navigator.onLine) {
    setStatus('offline');
    return;
  }
  setStatus('retrying');
  const delay = refs.retryDelay.current;
  refs.retryDelay.current = Math.min(delay * 2, AUTOSAVE_TIMING.retryMaxMs);
  refs.timer.current = window.setTimeout(() => void save(), delay);
}

/** A react-hook-form form as a FormSource: a reset has no field name, so it is not an edit. */
function reactHookFormSource<T extends FieldValues>(form: UseFormReturn<T>): FormSource {
  return {
    read: () => form.getValues(),
    write: (values) => form.reset(values as T, { keepDefaultValues: true }),
    onEdit: (callback) => {
      const subscription = form.watch((_values, { name }) => {
        if (name) callback();
      });
      return () => subscription.unsubscribe();
    },
  };
}

export function useAutosave<T extends FieldValues>(opts: {
  /** A react-hook-form form, or any other FormSource. */
  form: UseFormReturn<T> | FormSource;
  /** The draft's name (shared/drafts.ts). */
  name: string;
  userId: string | undefined;
  /** The record has loaded and the form holds it: call the hook after the effect that resets the form. */
  ready: boolean;
  /** When the record was last saved: an older draft is dropped rather than restored over it. */
  recordUpdatedAt?: string | null;
  /** False for a read-only form (a submitted position LPQ). */
  enabled?: boolean;
}): Autosave {
  const { name, userId, ready, recordUpdatedAt } = opts;
  const given = opts.form;
  const form = useMemo(() => ('onEdit' in given ? given : reactHookFormSource(given)), [given]);
  const enabled = opts.enabled !== false && !!userId;
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [restoredFrom, setRestoredFrom] = useState<Date | null>(null);

  const key = userId ? localKey(userId, name) : '';
  const lastSaved = useRef<string>('');
  const baseline = useRef<Record<string, unknown> | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const retryDelay = useRef<number>(AUTOSAVE_TIMING.retryMinMs);
  const inFlight = useRef<Promise<void> | null>(null);
  const started = useRef(false);
  const stopped = useRef(false);
  const statusRef = useRef<SaveStatus>('idle');
  const setBoth = useCallback((s: SaveStatus) => {
    statusRef.current = s;
    setStatus(s);
  }, []);

  const current = useCallback(() => form.read(), [form]);

  const save = useCallback(async (): Promise<void> => {
    window.clearTimeout(timer.current);
    if (!enabled || stopped.current) return;
    if (inFlight.current) await inFlight.current;
    const data = current();
    const json = stable(data);
    if (json === lastSaved.current) {
      if (statusRef.current !== 'saved' && statusRef.current !== 'idle') setBoth('saved');
      return;
    }
    if (!navigator.onLine) {
      setBoth('offline');
      return;
    }
    setBoth('saving');
    const run = (async () => {
      try {
        await api('PUT /api/attorney/drafts/:form', { params: { form: name }, body: { data } });
        lastSaved.current = json;
        retryDelay.current = AUTOSAVE_TIMING.retryMinMs;
        setSavedAt(new Date());
        // Typed again while this one was on its way: that is saved by the next timer.
        if (stable(current()) === json) {
          removeLocal(key);
          setBoth('saved');
        } else setBoth('pending');
      } catch (error) {
        // Signed out: the API shows the toast and goes to sign-in; the local copy waits for the return.
        if (error instanceof ApiError && error.status === 401) {
          stopped.current = true;
          setBoth('retrying');
          return;
        }
        retryLater(setBoth, { retryDelay, timer }, save);
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
  }, [enabled, current, name, key, setBoth]);

  // Opening: the saved record is in the form; put the newest unsaved input back over it.
  useEffect(() => {
    if (!ready || !enabled || started.current) return;
    started.current = true;
    const opened = current();
    baseline.current = structuredClone(opened);
    lastSaved.current = stable(opened);
    let cancelled = false;
    void (async () => {
      let server: ResultOf<'GET /api/attorney/drafts/:form'> = null;
      try {
        server = await api('GET /api/attorney/drafts/:form', { params: { form: name } });
      } catch {
        // No draft to read (offline, or signed out: the API handles that): the local copy may still serve.
      }
      if (cancelled) return;
      const local = readLocal(key);
      const serverAt = server ? Date.parse(server.updatedAt) : 0;
      const newest =
        local && local.at > serverAt
          ? { data: local.data, at: local.at, fromServer: false }
          : server
            ? { data: server.data, at: serverAt, fromServer: true }
            : null;
      const recordAt = recordUpdatedAt ? Date.parse(recordUpdatedAt) : 0;
      if (!newest || newest.at < recordAt || stable({ ...opened, ...newest.data }) === stable(opened)) {
        // Nothing newer than the record: tidy up what is left over.
        if (server) void dropDraft(name);
        removeLocal(key);
        return;
      }
      form.write({ ...opened, ...newest.data });
      setRestoredFrom(new Date(newest.at));
      if (newest.fromServer) {
        lastSaved.current = stable(current());
        setSavedAt(new Date(newest.at));
        setBoth('saved');
      } else {
        // Typed before the session ended: save it as the draft now.
        setBoth('pending');
        void save();
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [ready, enabled, current, name, key, recordUpdatedAt, form, save, setBoth]);

  // Typing: a local copy at once, the server draft when typing stops.
  useEffect(() => {
    if (!enabled) return;
    return form.onEdit(() => {
      if (!started.current || stopped.current) return;
      const data = current();
      const json = stable(data);
      if (json === lastSaved.current) return;
      writeLocal(key, data);
      window.clearTimeout(timer.current);
      if (statusRef.current !== 'retrying' && statusRef.current !== 'offline') setBoth('pending');
      timer.current = window.setTimeout(() => void save(), AUTOSAVE_TIMING.debounceMs);
    });
  }, [enabled, form, current, key, save, setBoth]);

  // Back online: save what waited.
  useEffect(() => {
    if (!enabled) return;
    const online = () => {
      if (statusRef.current === 'offline' || statusRef.current === 'retrying') void save();
    };
    const offline = () => {
      if (statusRef.current !== 'saved' && statusRef.current !== 'idle') setBoth('offline');
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [enabled, save, setBoth]);

  // Leaving: what is still pending goes out with keepalive (it outlives the page); a reload or a closed
  // tab is asked about only when saving is failing, since then the input exists in this tab alone.
  useEffect(() => {
    if (!enabled) return;
    const sendNow = () => {
      const data = current();
      const json = stable(data);
      if (json === lastSaved.current || stopped.current || !started.current) return;
      window.clearTimeout(timer.current);
      void fetch(apiUrl('PUT /api/attorney/drafts/:form', { params: { form: name } }), {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data } satisfies BodyOf<'PUT /api/attorney/drafts/:form'>),
        credentials: 'include',
        keepalive: true,
      })
        .then((res) => {
          if (res.ok) lastSaved.current = json;
        })
        .catch(() => undefined);
    };
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!AT_RISK.has(statusRef.current)) return;
      event.preventDefault();
      event.returnValue = SAVE_STATE_TEXT.leavePrompt;
    };
    // A link inside the app while saving fails: ask first.
    const click = (event: MouseEvent) => {
      if (!AT_RISK.has(statusRef.current) || event.defaultPrevented || event.button !== 0) return;
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link.target === '_blank' || link.origin !== window.location.origin) return;
      if (link.pathname === window.location.pathname) return;
      if (!window.confirm(SAVE_STATE_TEXT.leavePrompt)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('pagehide', sendNow);
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('pagehide', sendNow);
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
      // Leaving the page inside the app: the request outlives the component.
      sendNow();
    };
  }, [enabled, current, name]);

  const markSaved = useCallback(() => {
    window.clearTimeout(timer.current);
    lastSaved.current = stable(current());
    baseline.current = structuredClone(current());
    removeLocal(key);
    setRestoredFrom(null);
    setSavedAt(new Date());
    setBoth('saved');
    if (enabled) void dropDraft(name);
  }, [current, key, enabled, name, setBoth]);

  const discardRestored = useCallback(() => {
    window.clearTimeout(timer.current);
    if (baseline.current) form.write(baseline.current);
    lastSaved.current = stable(current());
    removeLocal(key);
    setRestoredFrom(null);
    setBoth('idle');
    void dropDraft(name);
  }, [form, current, key, name, setBoth]);

  return { status, savedAt, restoredFrom, flush: save, markSaved, discardRestored };
}
