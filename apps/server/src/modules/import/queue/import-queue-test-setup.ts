import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../db/database.ts';
import {
  createEmployment,
  createEstablishment,
  createUser,
  type Establishment,
  type User,
} from '../../../db/factories/factories.ts';
import { signedInPerson, type Person } from '../../establishments/establishment-test-people.ts';
import { storeUpload, type StoredFile } from '../../files/file-store.ts';
import { TIFF_TYPE, sniffTiff } from '../../files/tiff-pages.ts';
import { createImportItem, type CreateImportItemOptions } from '../intake/create-import-item.ts';
import type { FileStorage } from '../../files/storage.ts';

/**
 * The people of an import queue test: at a clinic, a practice manager and a specialist who take referrals
 * in (accept_referral), a colleague who only sends them, and someone whose employment awaits approval;
 * at another clinic, its own receptionist.
 */
export type QueueParties = {
  clinic: Establishment;
  otherClinic: Establishment;
  manager: Person;
  specialist: Person;
  sender: Person;
  awaitingApproval: User;
  outsider: Person;
};

const TAKES_REFERRALS = { permissions: ['accept_referral'] };

export async function queueParties(app: FastifyInstance, db: Queryable): Promise<QueueParties> {
  const clinic = await createEstablishment(db, { name: 'Northside Cardiology', type: 'CL' });
  const otherClinic = await createEstablishment(db, { name: 'Riverside Dermatology', type: 'CL' });
  const at = (establishment: Establishment, employment: object, user: object) =>
    signedInPerson(app, db, { at: establishment.id, employment, user });
  const awaitingApproval = await createUser(db, { role: 'SP', first_name: 'Nadia', last_name: 'Rahman' });
  await createEmployment(db, {
    user_id: awaitingApproval.id,
    establishment_id: clinic.id,
    status: 'UNVERIFIED',
    permissions: ['accept_referral'],
  });
  return {
    clinic,
    otherClinic,
    manager: await at(clinic, TAKES_REFERRALS, {
      role: 'PM',
      title: 'MS',
      first_name: 'Priya',
      last_name: 'Shah',
    }),
    specialist: await at(clinic, TAKES_REFERRALS, { role: 'SP', first_name: 'Samuel', last_name: 'Hart' }),
    sender: await at(clinic, { permissions: ['add_referral', 'manage_referral'] }, { role: 'SP' }),
    awaitingApproval,
    outsider: await at(otherClinic, TAKES_REFERRALS, { role: 'PM' }),
  };
}

/** A small real PDF, as a referral letter arrives. */
export const LETTER_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The PDF stored through files/, as the intake stores an attachment. */
export function storedPdf(storage: FileStorage, bytes: Buffer = LETTER_PDF): Promise<StoredFile> {
  return storeUpload(storage, Readable.from([bytes]), {
    accept: ['application/pdf'],
    acceptText: 'PDF only.',
  });
}

/** A fax: a real multi-page TIFF, one plain colour a page so each page can be told apart. */
export async function storedFax(storage: FileStorage, colours: string[]): Promise<StoredFile> {
  const frames = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width: 120, height: 170, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  // Lossless, as a fax's bilevel pages are, so each page's colour survives the round trip exactly.
  const [first] = frames;
  const pages = frames.length === 1 && first ? sharp(first) : sharp(frames, { join: { animated: true } });
  const tiff = await pages.tiff({ compression: 'lzw' }).toBuffer();
  return storeUpload(storage, Readable.from([tiff]), {
    accept: [TIFF_TYPE],
    acceptText: 'TIFF only.',
    sniff: sniffTiff,
  });
}

/** A message the intake accepted for the establishment: an item with `files` (none unless given). */
export async function receivedItem(
  app: FastifyInstance,
  establishmentId: string,
  overrides: Partial<CreateImportItemOptions> = {},
): Promise<string> {
  const { id } = await createImportItem(app.database.db, {
    establishmentId,
    kind: 'email',
    messageId: `<${randomUUID()}@harbourside.example>`,
    sender: 'reception@harbourside.example',
    senderName: 'Harbourside Family Practice',
    subject: 'Referral: chest pain on exertion',
    bodyText: 'Dear Dr Hart, please see the attached letter.',
    files: [],
    ...overrides,
  });
  return id;
}
