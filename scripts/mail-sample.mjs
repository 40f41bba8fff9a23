// `npm run mail:sample`: mails a sample referral letter (a PDF made here) to the demo clinic's intake address,
// as a practice's reception would, so it shows up in North Shore Heart Clinic's import queue
// (/referrals/manual#import-queue). `npm run mail:sample -- --fax` sends a two-page TIFF as a fax service's
// fax-to-email does instead. Each run has its own Message-ID, so each makes a new item.
// The intake listens where `npm start` puts it: INBOUND_SMTP_HOST, INBOUND_SMTP_PORT (2525) and
// INBOUND_MAIL_DOMAIN (referrals.localhost) are read as the server reads them.
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

const host = process.env.INBOUND_SMTP_HOST || '127.0.0.1';
const port = Number(process.env.INBOUND_SMTP_PORT || 2525);
const domain = process.env.INBOUND_MAIL_DOMAIN || 'referrals.localhost';
const to = `referrals+north-shore-heart-clinic@${domain}`;
const fax = process.argv.includes('--fax');

/** A referral letter for a made-up patient, as a GP's practice software prints it. */
function referralLetter(today) {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'Referral letter' } });
  const chunks = [];
  doc.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(16).text('Harbourside Family Medical Practice').moveDown(0.2);
  doc.fontSize(9).text('221 Darling Street, Balmain NSW 2041  ·  (02) 9810 4471').moveDown(2);
  doc.fontSize(11).text(today).moveDown();
  doc.text('Dr James Chen, Cardiologist').text('North Shore Heart Clinic').moveDown();
  doc.text('Re: Mrs Margaret Sample, born 14/07/1958, Medicare 2953 71048 1').moveDown();
  doc.text('Dear Dr Chen,').moveDown(0.5);
  doc.text(
    'Thank you for seeing Mrs Sample, a 67-year-old woman with three months of central chest tightness on ' +
      'exertion, relieved by rest. Her ECG today shows sinus rhythm with no acute changes. She has treated ' +
      'hypertension and hypercholesterolaemia and is a former smoker. I would value your assessment and ' +
      'advice on further investigation.',
  );
  doc
    .moveDown()
    .text('Current medicines: perindopril 5 mg daily, atorvastatin 40 mg daily, aspirin 100 mg daily.');
  doc.moveDown(2).text('Kind regards,').moveDown(2).text('Dr Sarah Mitchell, General Practitioner');
  doc.end();
  return done;
}

/** Two fax pages, black text on white, joined into one multi-page TIFF. */
async function faxPages(today) {
  const page = (n) =>
    sharp({ create: { width: 850, height: 1100, channels: 3, background: '#ffffff' } })
      .composite([
        {
          input: Buffer.from(
            `<svg width="850" height="1100" xmlns="http://www.w3.org/2000/svg"><text x="60" y="100" font-size="24" font-family="sans-serif">Fax from Harbourside Family Medical Practice</text><text x="60" y="150" font-size="20" font-family="sans-serif">${today}: referral for Mrs Margaret Sample, page ${n} of 2</text></svg>`,
          ),
        },
      ])
      .png()
      .toBuffer();
  return sharp([await page(1), await page(2)], { join: { animated: true } })
    .withMetadata({ density: 100 })
    .tiff({ compression: 'lzw' })
    .toBuffer();
}

const today = new Date().toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });
const transport = nodemailer.createTransport({ host, port, secure: false, ignoreTLS: true });
const mail = fax
  ? {
      from: 'Fax Service <fax-to-email@faxmail.example>',
      subject: 'Fax from +61 2 9810 4471 (2 pages)',
      text: 'You have received a 2 page fax from +61 2 9810 4471.',
      attachments: [{ filename: 'fax-61298104471.tif', content: await faxPages(today) }],
    }
  : {
      from: 'Harbourside Family Medical Practice <reception@harbourside.example>',
      subject: 'Referral: Mrs Margaret Sample, exertional chest pain',
      text: 'Dear Dr Chen,\n\nPlease find attached a referral for Mrs Margaret Sample.\n\nKind regards,\nDr Sarah Mitchell',
      attachments: [{ filename: 'referral-margaret-sample.pdf', content: await referralLetter(today) }],
    };
try {
  const info = await transport.sendMail({
    ...mail,
    to,
    messageId: `<${randomUUID()}@${fax ? 'faxmail.example' : 'harbourside.example'}>`,
  });
  console.log(`Mailed a sample ${fax ? 'fax' : 'referral letter'} to ${to}: ${info.response}`);
  console.log('Sign in as specialist@demo.test and open Manual referrals to see it in the import queue.');
} catch (error) {
  // nodemailer reports a refused connection as ESOCKET with the system's code in its message.
  const reason = /ECONNREFUSED/.test(String(error.message))
    ? `nothing listens on ${host}:${port}; is \`npm start\` running?`
    : (error.response ?? error.message);
  console.error(`The sample could not be mailed: ${reason}`);
  process.exitCode = 1;
} finally {
  transport.close();
}
