import sanitizeHtml from 'sanitize-html';

/**
 * The marks the report editor makes (docs/reports.md): what a report body may hold. Everything else is
 * dropped, its text kept, so a pasted letter loses its styling and never carries a script, a frame, an
 * image from elsewhere or a style into the referrer's screen or the PDF.
 */
export const REPORT_BODY_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
] as const;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...REPORT_BODY_TAGS],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowProtocolRelative: false,
  // Text of a dropped element stays; the content of these never was text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
  transformTags: {
    b: 'strong',
    i: 'em',
    h1: 'h2',
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
    div: 'p',
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

/** A report body as it is stored: only the editor's marks, whatever the client sent. */
export function cleanReportBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The body's text without marks, to tell an empty report ("<p></p>") from a written one. */
export function reportBodyText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .trim();
}
