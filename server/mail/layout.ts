const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export type MailContent = { subject: string; text: string; html: string };

/**
 * One layout for every e-mail: paragraphs of plain text (escaped in the HTML part) and one button.
 * Both parts carry the same words and the same link.
 */
export function composeMail(input: {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}): MailContent {
  const footer = input.footer ?? 'Lateral Passport — the lateral partner questionnaire, done once.';
  const textParts = [input.greeting, ...input.paragraphs];
  if (input.action) textParts.push(`${input.action.label}: ${input.action.url}`);
  textParts.push('—', footer);
  const text = `${textParts.join('\n\n')}\n`;

  const paragraphsHtml = input.paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const actionHtml = input.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.action.url)}" style="background:#1c3d72;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(input.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">Or open this link: <a href="${escapeHtml(input.action.url)}">${escapeHtml(input.action.url)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6fa;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;padding:32px 24px;background:#ffffff">
<p style="margin:0 0 24px;font-weight:700;color:#1c3d72;font-size:18px">Lateral Passport</p>
<p style="margin:0 0 16px">${escapeHtml(input.greeting)}</p>
${paragraphsHtml}${actionHtml}
<p style="margin:32px 0 0;font-size:12px;color:#777">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { subject: input.subject, text, html };
}
