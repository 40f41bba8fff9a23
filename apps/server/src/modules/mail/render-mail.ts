export type MailContent = {
  /** First line, e.g. 'Hello Sam,'. */
  greeting: string;
  /** Paragraphs before the button. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the button. */
  after?: string[];
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A message in plain text and in simple HTML with the same words. The link is spelled out in the text part
 * so it works in any mail client, and shown as a button in the HTML one.
 */
export function renderMail(content: MailContent): { text: string; html: string } {
  const after = content.after ?? [];
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...after,
    'Referrals',
  ].join('\n\n');
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escape(p)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escape(content.action.url)}" style="background:#23804a;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escape(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4a5a52">If the button does not work, copy this address into your browser:<br>${escape(content.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;background:#f5f7f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1d2b24">
<div style="max-width:32rem;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:700;margin:0 0 16px">Referrals</p>
<div style="background:#ffffff;border:1px solid #dde3e0;border-radius:12px;padding:24px;font-size:15px;line-height:1.5">
${[content.greeting, ...content.paragraphs].map(paragraph).join('\n')}
${button}
${after.map(paragraph).join('\n')}
</div>
</div>
</body></html>`;
  return { text, html };
}
