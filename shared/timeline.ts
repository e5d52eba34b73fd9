/** A request's timeline on the firm's screen (PRODUCT.md §4): each event kind and its label. */
export const TIMELINE_EVENTS = [
  'sent',
  'resent',
  'reminded',
  'declined',
  'shared',
  'submitted',
  'reviewed',
  'completed',
  'withdrawn',
  'updated',
  'revoked',
  'expired',
] as const;
export type TimelineEventKind = (typeof TIMELINE_EVENTS)[number];
export const TIMELINE_LABELS: Record<TimelineEventKind, string> = {
  sent: 'Invitation sent',
  resent: 'Invitation resent',
  reminded: 'Reminder sent to the attorney',
  declined: 'Declined by the attorney',
  shared: 'Package shared',
  // PRODUCT.md §5: the attorney's submission is its own event; it does not mark the request Under Review.
  submitted: 'Position LPQ submitted',
  reviewed: 'Marked Under Review',
  completed: 'Review complete',
  withdrawn: 'Invitation withdrawn',
  updated: 'Package updated',
  revoked: 'Access revoked by the attorney',
  expired: 'Access period ended',
};
export type TimelineEvent = { event: TimelineEventKind; at: string };
