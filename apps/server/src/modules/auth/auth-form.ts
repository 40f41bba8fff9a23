import type { FastifyReply } from 'fastify';
import { escapeHtml } from './oidc-provider.ts';

export type FormField = {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string;
  error?: string | undefined;
  hint?: string;
  autofocus?: boolean;
};

/**
 * One labelled input. Its error and hint are tied to it with aria-describedby, so a screen reader reads them
 * with the field; a password is never written back into the page.
 */
export function renderField(field: FormField): string {
  const hintId = field.hint ? `${field.name}-hint` : undefined;
  const errorId = field.error ? `${field.name}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ');
  const value = field.type === 'password' ? '' : (field.value ?? '');
  return `<label for="${field.name}">${escapeHtml(field.label)}</label>
    <input id="${field.name}" name="${field.name}" type="${field.type}" autocomplete="${field.autocomplete}" required${
      value ? ` value="${escapeHtml(value)}"` : ''
    }${describedBy ? ` aria-describedby="${describedBy}"` : ''}${field.error ? ' aria-invalid="true"' : ''}${
      field.autofocus ? ' autofocus' : ''
    }>${field.hint ? `\n    <p class="hint" id="${hintId}">${escapeHtml(field.hint)}</p>` : ''}${
      field.error ? `\n    <p class="field-error" id="${errorId}">${escapeHtml(field.error)}</p>` : ''
    }`;
}

/** A form's fields, focusing the first one in error (or the first one when there is none). */
export function renderFields(fields: FormField[]): string {
  const focus = fields.findIndex((f) => f.error) >= 0 ? fields.findIndex((f) => f.error) : 0;
  return fields.map((f, i) => renderField({ ...f, autofocus: i === focus })).join('\n    ');
}

/** The alert that announces what went wrong, read out as soon as the page loads. */
export function renderErrors(messages: (string | undefined)[]): string {
  const list = messages.filter((m): m is string => Boolean(m));
  if (list.length === 0) return '';
  if (list.length === 1) return `<p class="error" role="alert">${escapeHtml(list[0] ?? '')}</p>`;
  return `<div class="error" role="alert"><p style="margin:0 0 .35rem">Please correct the following:</p><ul>${list
    .map((m) => `<li>${escapeHtml(m)}</li>`)
    .join('')}</ul></div>`;
}

export function renderMessage(kind: 'success' | 'notice' | 'error', text: string): string {
  const role = kind === 'error' ? 'alert' : 'status';
  return `<p class="${kind}" role="${role}">${escapeHtml(text)}</p>`;
}

export function renderLink(href: string, text: string, className?: string): string {
  return `<a href="${escapeHtml(href)}"${className ? ` class="${className}"` : ''}>${escapeHtml(text)}</a>`;
}

/** The way back to the web app's sign-in, which starts a fresh hosted sign-in. */
export function backToSignIn(publicUrl: string): string {
  return `<p class="links">${renderLink(`${publicUrl}/login`, 'Back to sign in')}</p>`;
}

/**
 * Sends a hosted-login page. These pages hold reset tokens, names and messages about an account: no cache
 * (browser, proxy or back button) may keep them.
 */
export function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(html);
}
