import type { FastifyReply } from 'fastify';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type PageOptions = {
  /** The page's heading; the title adds the product's name. */
  heading: string;
  /** Trusted HTML: the caller escapes every value it puts in. */
  body: string;
  /** A narrow card for the sign-in steps, the full width for the record. */
  narrow?: boolean;
};

/**
 * Every page of the sandbox: a header that says plainly it is a sandbox with pretend patients (a developer
 * must never mistake it for a real record), then the page. Plain HTML and CSS with no script.
 */
export function renderPage(options: PageOptions): string {
  const title =
    options.heading === 'Sandbox clinical record'
      ? options.heading
      : `${options.heading} · Sandbox clinical record`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f8;color:#1b2733;line-height:1.45}
  header{background:#1f3a5f;color:#fff;padding:.75rem 1.5rem;display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap}
  header .name{font-weight:700}
  main{max-width:${options.narrow ? '26rem' : '64rem'};margin:2rem auto;padding:0 1rem}
  .card{background:#fff;border:1px solid #d5dce3;border-radius:.5rem;padding:1.5rem}
  h1{font-size:1.4rem;margin:0 0 .5rem}
  h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
  p{margin:.5rem 0}
  .muted{color:#4a5563}
  label,legend{display:block;font-weight:600;margin:1rem 0 .35rem}
  input[type=email],input[type=password],select{width:100%;max-width:26rem;padding:.55rem .65rem;border:1px solid #8796a5;border-radius:.35rem;font:inherit}
  input:focus,select:focus,button:focus{outline:3px solid #8ab4e8;outline-offset:1px}
  input[aria-invalid="true"]{border-color:#a61b1b}
  fieldset{border:0;padding:0;margin:0}
  .choice{display:flex;align-items:center;gap:.5rem;margin:.4rem 0}
  .choice label{display:inline;font-weight:400;margin:0}
  button{padding:.55rem 1rem;border:0;border-radius:.35rem;background:#1f5fa8;color:#fff;font:inherit;font-weight:600;cursor:pointer}
  button:hover{background:#174a85}
  .card button{margin-top:1.25rem}
  table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #d5dce3}
  th,td{text-align:left;vertical-align:top;padding:.6rem .75rem;border-bottom:1px solid #e3e8ed}
  thead th{background:#e9eef3;font-size:.9rem}
  td button{white-space:nowrap}
  ul.letters{margin:0;padding-left:1rem}
  a{color:#174a85}
  .error{background:#fdecec;color:#8a1f1f;border:1px solid #f0b4b4;border-radius:.35rem;padding:.6rem .75rem}
  .visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
  dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.5rem 0}
  dt{font-weight:600}
  dd{margin:0;word-break:break-all}
</style>
</head>
<body>
<header><span class="name">Sandbox clinical record</span><span>Harbourside Family Medical Practice · pretend patients for development and testing</span></header>
<main>${options.narrow ? `<div class="card">${options.body}</div>` : options.body}</main>
</body>
</html>`;
}

/** Pages show a patient's details; no browser or proxy keeps them. */
export function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}
