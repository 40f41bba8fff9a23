import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';

/** The intake's SMTP port in the e2e run (playwright.config.ts starts the server with it). */
export const INTAKE_PORT = Number(process.env.E2E_INTAKE_PORT ?? 3125);
/** The demo clinic's intake address: the specialist James Chen works there. */
export const CLINIC_INTAKE = 'referrals+north-shore-heart-clinic@referrals.localhost';
/** A sending domain the demo clinic takes mail from (demo-seed.ts). */
export const ALLOWED_SENDER = 'reception@harbourside.example';

/**
 * A one-page PDF saying `text`: built by hand with its cross-reference table, so the test needs no PDF
 * library and Chromium's viewer opens it like any letter.
 */
export function letterPdf(text: string): Buffer {
  const safe = text.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${String(stream.length)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${String(index + 1)} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${String(objects.length + 1)}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${String(objects.length + 1)} /Root 1 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Mails a referral letter to the clinic's intake, as a practice's reception would; answers its subject. */
export async function mailReferral(options: { subject: string; letter: string }): Promise<void> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: INTAKE_PORT,
    secure: false,
    ignoreTLS: true,
  });
  await transport.sendMail({
    from: `Harbourside Family Medical <${ALLOWED_SENDER}>`,
    to: CLINIC_INTAKE,
    subject: options.subject,
    messageId: `<${randomUUID()}@harbourside.example>`,
    text: 'Please see the attached referral.',
    attachments: [{ filename: 'referral-letter.pdf', content: letterPdf(options.letter) }],
  });
  transport.close();
}
