import { createElement, type ReactNode } from 'react';
import classes from './report-editor.module.css';

// The marks the server keeps (report-html.ts); the body is rebuilt from them as React elements rather than
// set as HTML, so nothing but these can reach the page even if a stored body were not what it should be.
const KEPT = new Set(['p', 'br', 'h2', 'h3', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote']);

function elementsOf(nodes: NodeListOf<ChildNode>, prefix: string): ReactNode[] {
  return Array.from(nodes).map((node, index) => {
    const key = `${prefix}.${index}`;
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (!(node instanceof Element)) return null;
    const tag = node.tagName.toLowerCase();
    const children = elementsOf(node.childNodes, key);
    if (tag === 'a') {
      const href = node.getAttribute('href') ?? '';
      return /^(https?:|mailto:)/i.test(href)
        ? createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, ...children)
        : children;
    }
    if (!KEPT.has(tag)) return children;
    return tag === 'br' ? createElement('br', { key }) : createElement(tag, { key }, ...children);
  });
}

/** A report's body as the referrer reads it (the server's HTML, limited to the editor's marks). */
export function ReportBody({ html }: { html: string }) {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return (
    <div className={`${classes.content} ${classes.reading}`}>{elementsOf(document.body.childNodes, 'b')}</div>
  );
}
