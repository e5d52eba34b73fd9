import { formatDate } from '@shared/format';
import type { FirmRequestItem } from '@shared/requests';

type Revoked = Pick<FirmRequestItem, 'attorneyName' | 'accessUntil' | 'revokedAt' | 'timeline'>;

/**
 * PRODUCT.md §5: why a firm no longer reads a package, in one sentence. The timeline says how access
 * ended: the attorney revoked it ('revoked', also when the account was closed) or the access period the
 * attorney set ran out ('expired', before or after the job marks the request).
 */
export function revocationNotice(request: Revoked): { title: string; text: string } {
  const ended = request.timeline.findLast((e) => e.event === 'revoked' || e.event === 'expired');
  const who = request.attorneyName ?? 'The attorney';
  if (ended?.event === 'expired')
    return {
      title: 'Access period ended',
      text: `${who} shared this package with access until ${formatDate(request.accessUntil ?? ended.at)}. That period has ended.`,
    };
  return {
    title: 'Access revoked',
    text: `${who} revoked your firm's access to this package on ${formatDate(request.revokedAt ?? ended?.at)}.`,
  };
}

export const REVOKED_CONSEQUENCE =
  "The package, its PDF and its documents are no longer available, including document links opened earlier. Your notes and this request's history stay below.";
