import { ensureOk } from './api';
import { apiUrl, type FileRoute, type UrlArgs } from './client';
import { withRecentSignIn } from './reauth';

/**
 * A GET that answers a file (Content-Disposition: attachment): saved under the server's file name
 * through a temporary link, so the page can show progress and errors, which a plain link cannot.
 */
export async function apiDownload<K extends FileRoute>(
  route: K,
  fallbackName: string,
  ...[input]: UrlArgs<K>
): Promise<void> {
  const url = apiUrl(route, ...([input] as UrlArgs<K>));
  // The export needs a recent sign-in: asked for, then fetched again (lib/reauth).
  const res = await withRecentSignIn(async () => {
    const answer = await fetch(url, { credentials: 'include' });
    await ensureOk(answer, `GET ${url}`);
    return answer;
  });
  const blob = await res.blob();
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const name = disposition.match(/filename="([^"]+)"/)?.[1] ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
