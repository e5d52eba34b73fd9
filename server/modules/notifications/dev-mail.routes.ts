import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { outbox } from '../../db/schema';
import { escapeHtml } from '../../mail/layout';

/**
 * Mail kept locally when no SMTP_URL is set, newest first. Registered only outside production.
 * HTML for people; JSON with `Accept: application/json` or `?format=json` for scripts.
 */
export async function devMailRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/dev/mail', async (request, reply) => {
    const rows = await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(200);
    const mails = rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      to: r.to,
      subject: r.subject,
      text: r.text,
      html: r.html,
      status: r.status,
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
        return `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(
          m.createdAt,
        )} · ${escapeHtml(m.status)}</p><pre>${linked}</pre></article>`;
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
