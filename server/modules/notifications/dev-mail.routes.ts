import { isIP } from 'node:net';
import { HTTP_MESSAGES } from '@shared/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { escapeHtml } from '../../mail/layout';
import { ageSessionSignIn } from '../auth/sessions';
import { recentLocalMail } from './dev-mail.repo';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A peer on this machine: 127.0.0.0/8, ::1, or an IPv4 loopback mapped into IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * The local mailbox holds every reset and invitation link, so it answers only a client on this machine
 * (the socket's own peer address: no proxy header counts), addressed by a local name. A Host check stops
 * DNS rebinding: a web page the developer visits could otherwise point its own name at 127.0.0.1 and read
 * the mail. Anything else gets the ordinary 404, as if the route did not exist.
 */
export function mayReadLocalMail(request: FastifyRequest, publicUrl: string): boolean {
  if (!isLoopbackAddress(request.raw.socket?.remoteAddress)) return false;
  const host = request.headers.host;
  if (!host) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  return LOOPBACK_HOSTS.has(hostname) || hostname === new URL(publicUrl).hostname.toLowerCase();
}

/**
 * Mail delivered locally when no SMTP_URL is set, newest first. Registered only outside production.
 * HTML for people; JSON with `Accept: application/json` or `?format=json` for scripts.
 */
export async function devMailRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Recent sign-in (PRODUCT.md §10) lasts 10 minutes: the browser journeys age their own session here
  // to meet the 'Confirm it is you' dialog. Same guard as the mailbox.
  app.post('/dev/session/age', async (request, reply) => {
    if (!mayReadLocalMail(request, ctx.publicUrl)) {
      return reply.code(404).send({ message: HTTP_MESSAGES.notFound });
    }
    if (request.sessionId) await ageSessionSignIn(ctx.db, request.sessionId);
    return reply.code(204).send();
  });

  app.get('/dev/mail', async (request, reply) => {
    if (!mayReadLocalMail(request, ctx.publicUrl)) {
      return reply.code(404).send({ message: HTTP_MESSAGES.notFound });
    }
    const rows = await recentLocalMail(ctx.db, 200);
    const mails = rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      to: r.to,
      subject: r.subject,
      text: r.text,
      html: r.html,
      createdAt: r.createdAt.toISOString(),
    }));
    const wantsJson =
      (request.query as { format?: string }).format === 'json' ||
      (request.headers.accept ?? '').includes('application/json');
    if (wantsJson) return mails;
    const items = mails
      .map((m) => {
        const linked = escapeHtml(m.text).replace(
          /(https?:\/\/[^\s<]+)/g,
          (url) => `<a href="${url}">${url}</a>`,
        );
        return `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.createdAt)}</p><pre>${linked}</pre></article>`;
      })
      .join('');
    reply.header('content-type', 'text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local mail — Lateral Passport</title>
<style>body{font-family:system-ui,sans-serif;max-width:820px;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
article{border:1px solid #dde;border-radius:8px;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0}
.meta{color:#555;font-size:.9rem}pre{white-space:pre-wrap;font-family:inherit}</style></head>
<body><h1>Local mail</h1><p>Mail the app kept because no SMTP_URL is set. Newest first.</p>${
      items || '<p>No mail yet.</p>'
    }</body></html>`;
  });
}
