import type { FastifyBaseLogger } from 'fastify';
import {
  SMTPServer,
  type SMTPServerAddress,
  type SMTPServerDataStream,
  type SMTPServerSession,
} from 'smtp-server';
import { IMPORT_MESSAGE_MAX_BYTES } from '@referrals/domain/imports/import-codes';
import type { Database } from '../../../db/database.ts';
import { receiveMessage } from './receive-message.ts';
import { findIntakeRecipient } from './intake-recipients.ts';
import { INTAKE_REFUSALS, IntakeRefused, smtpRefusal } from './intake-refusals.ts';
import type { FileStorage } from '../../files/storage.ts';

export type InboundMailSettings = {
  db: Database;
  storage: FileStorage;
  /** INBOUND_MAIL_DOMAIN: the domain of the intake addresses. */
  domain: string;
  log: FastifyBaseLogger;
};

/** Messages read at once: each holds up to IMPORT_MESSAGE_MAX_BYTES in memory while it is read. */
const MAX_CLIENTS = 10;
/** How long a closing server waits for a sender mid-message; below main.ts's shutdown grace. */
const CLOSE_TIMEOUT_MS = 5_000;

/** The envelope sender (MAIL FROM); '' for the null sender of a bounce. */
function envelopeSender(session: SMTPServerSession): string {
  const from = session.envelope.mailFrom;
  return from ? from.address : '';
}

/**
 * The SMTP server of the intake (docs/import-queue.md, Inbound mail). It takes no AUTH and no STARTTLS: it
 * is meant to listen on loopback or behind the organisation's mail server, which does TLS and relays to it.
 * Refusals are answered as early as the dialogue allows, so a refused message is never read: an address
 * or a sender at RCPT TO, a declared size at MAIL FROM. The log carries codes and counts only; addresses and
 * subjects are patient-adjacent and stay out of it.
 */
export function createInboundSmtpServer(settings: InboundMailSettings): SMTPServer {
  const log = settings.log.child({ module: 'inbound-mail' });
  const server: SMTPServer = new SMTPServer({
    banner: 'Referrals intake',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: IMPORT_MESSAGE_MAX_BYTES,
    // smtp-server's own check of a declared SIZE answers without 5.3.4; onMailFrom answers it instead.
    // Not advertising the number also keeps a client from refusing locally without asking.
    hideSize: true,
    // smtp-server maps one enhanced code to each reply number, and the intake's replies need several
    // (550 5.1.1, 5.7.1 and 5.6.0): each refusal carries its own (intake-refusals.ts).
    hideENHANCEDSTATUSCODES: true,
    maxClients: MAX_CLIENTS,
    closeTimeout: CLOSE_TIMEOUT_MS,
    onMailFrom(address, _session, callback) {
      callback(declaredTooLarge(address) ? smtpRefusal('message-too-large') : null);
    },
    onRcptTo(address, session, callback) {
      findIntakeRecipient(settings.db, {
        recipient: address.address,
        sender: envelopeSender(session),
        domain: settings.domain,
      }).then(
        (found) => {
          if ('refused' in found) log.info({ refused: found.refused }, 'inbound mail: recipient refused');
          callback('refused' in found ? smtpRefusal(found.refused) : null);
        },
        (error: unknown) => {
          log.error({ code: errorCode(error) }, 'inbound mail: recipient could not be checked');
          callback(smtpRefusal('unavailable'));
        },
      );
    },
    onData(stream, session, callback) {
      cutOffWhenOversized(server, stream, session);
      receiveMessage(stream, {
        ...settings,
        sender: envelopeSender(session),
        recipients: session.envelope.rcptTo.map((r) => r.address),
        ip: session.remoteAddress,
      }).then(
        (taken) => {
          log.info(taken, 'inbound mail: message taken');
          callback(null, 'OK: taken into the import queue');
        },
        (error: unknown) => {
          if (error instanceof IntakeRefused) {
            log.info({ refused: error.reason }, 'inbound mail: message refused');
            callback(smtpRefusal(error.reason));
          } else {
            log.error({ code: errorCode(error) }, 'inbound mail: message could not be taken');
            callback(smtpRefusal('unavailable'));
          }
        },
      );
    },
  });
  // An 'error' event without a listener would end the process; a broken connection must not.
  server.on('error', (error) => log.warn({ code: errorCode(error) }, 'inbound mail: connection error'));
  return server;
}

/** A SIZE= parameter (RFC 1870) over the limit: refused before a byte of the message is sent. */
function declaredTooLarge(address: SMTPServerAddress): boolean {
  const declared = address.args ? Number(address.args.SIZE) : NaN;
  return Number.isFinite(declared) && declared > IMPORT_MESSAGE_MAX_BYTES;
}

/**
 * A sender that declared no size, or a smaller one, and sends more than the limit: smtp-server marks the
 * stream once it passes the limit, and the intake answers 552 then and closes the connection rather than
 * take the rest, so nobody can make the server read without end.
 */
function cutOffWhenOversized(server: SMTPServer, stream: SMTPServerDataStream, session: SMTPServerSession) {
  const watch = () => {
    if (!stream.sizeExceeded) return;
    stream.off('data', watch);
    const connection = [...server.connections].find((c) => c.id === session.id);
    const { code, text } = INTAKE_REFUSALS['message-too-large'];
    connection?.send(code, text);
    connection?.close();
  };
  stream.on('data', watch);
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown';
}
