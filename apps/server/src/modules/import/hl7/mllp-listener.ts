import { createServer, type Server, type Socket } from 'node:net';
import { Hl7Message } from '@medplum/core';
import { CR, FS, Hl7Connection, VT, type Hl7ErrorEvent, type Hl7MessageEvent } from '@medplum/hl7';
import type { FastifyBaseLogger } from 'fastify';
import { IMPORT_MESSAGE_MAX_BYTES } from '@referrals/domain/imports/import-codes';
import type { Database } from '../../../db/database.ts';
import { hl7Text } from '../../hl7/hl7-fields.ts';
import { ackOf } from './hl7-acks.ts';
import { NOT_HL7, NOT_STORED } from './hl7-refusals.ts';
import { receiveReferralMessage, type Hl7Receipt } from './receive-referral-message.ts';
import type { FileStorage } from '../../files/storage.ts';

export type MllpSettings = { db: Database; storage: FileStorage; log: FastifyBaseLogger };

/** Senders at once: each may hold a message of up to IMPORT_MESSAGE_MAX_BYTES in memory while it arrives. */
const MAX_CONNECTIONS = 20;
/** How long a closing listener waits for the messages it is storing before it drops the connections. */
const CLOSE_TIMEOUT_MS = 5_000;

/** Where Hl7Connection joined two frames: the first's end (FS CR) and the next one's start (VT). */
const FRAMES_JOINED = String.fromCharCode(FS, CR, VT);

/**
 * The messages of what Hl7Connection read as one. It ends a frame only where a network read ends with
 * FS CR, so frames sent back to back and read at once come as one message, the second inside the first:
 * each is split off and answered on its own, rather than one patient's segments read into another's item.
 * A frame that is no HL7 message is null.
 */
function framesOf(message: Hl7Message): (Hl7Message | null)[] {
  const text = message.toString();
  if (!text.includes(FRAMES_JOINED)) return [message];
  return text.split(FRAMES_JOINED).map((frame) => (frame.startsWith('MSH') ? Hl7Message.parse(frame) : null));
}

/** A code for the log: never a message's content, which is patient data. */
function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown';
}

/**
 * The MLLP listener of the import queue (docs/interop.md, HL7 v2, Receiving): @medplum/hl7's Hl7Connection
 * frames and parses each message on a socket of a net.Server of our own. Not its Hl7Server: that one listens
 * on every interface (this one listens where HL7_MLLP_HOST says, loopback by default, since MLLP has no
 * sign-in), retries a port in use forever without a word, and drops its error handler once listening.
 * Every error event has a handler, so a bad connection ends that connection and never the process.
 */
export class MllpListener {
  private readonly server: Server;
  private readonly connections = new Set<Hl7Connection>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly log: FastifyBaseLogger;

  constructor(private readonly settings: MllpSettings) {
    this.log = settings.log.child({ module: 'mllp' });
    this.server = createServer((socket) => this.accept(socket));
    this.server.maxConnections = MAX_CONNECTIONS;
    this.server.on('error', (error) => this.log.warn({ code: errorCode(error) }, 'mllp: listener error'));
  }

  /** Listens, or fails with the reason (a port in use), so the app does not start without its intake. */
  listen(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  /** Stops taking connections, lets the messages being stored finish (up to 5 s) and closes the rest. */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
    });
    await Promise.race([Promise.allSettled([...this.inFlight]), timeout]);
    clearTimeout(timer);
    await Promise.all([...this.connections].map((connection) => connection.close()));
    await closed;
  }

  private accept(socket: Socket): void {
    socket.setKeepAlive(true);
    const connection = new Hl7Connection(socket, 'utf-8');
    this.connections.add(connection);
    connection.addEventListener('close', () => this.connections.delete(connection));
    this.limitSize(socket);
    // One message at a time a connection, so its ACKs go back in the order the messages came.
    let queue = Promise.resolve();
    connection.addEventListener('message', (event: Hl7MessageEvent) => {
      for (const message of framesOf(event.message)) {
        const answered = queue
          .then(() => this.answer(connection, message, socket.remoteAddress ?? null))
          .catch((error: unknown) => this.log.error({ code: errorCode(error) }, 'mllp: no answer sent'));
        queue = answered;
        this.inFlight.add(answered);
        void answered.finally(() => this.inFlight.delete(answered));
      }
    });
    connection.addEventListener('error', (event: Hl7ErrorEvent) => this.failed(connection, event.error));
  }

  /**
   * A sender that sends more than a message may be without ending its frame is cut off: Hl7Connection
   * keeps every byte of a frame until its end, so nobody can make the server hold data without end.
   */
  private limitSize(socket: Socket): void {
    let pending = 0;
    socket.on('data', (data: Buffer) => {
      pending = data.at(-2) === FS && data.at(-1) === CR ? 0 : pending + data.length;
      if (pending > IMPORT_MESSAGE_MAX_BYTES) {
        this.log.info({ refused: 'message-too-large' }, 'mllp: connection cut off');
        socket.destroy();
      }
    });
  }

  private async answer(connection: Hl7Connection, message: Hl7Message | null, ip: string | null) {
    if (message === null) {
      this.log.info({ ack: 'AR', code: NOT_HL7.code }, 'mllp: message answered');
      if (!connection.isClosed()) connection.send(ackOf(null, NOT_HL7));
      return;
    }
    // An acknowledgement is never acknowledged: two systems that did would answer each other for ever.
    if (hl7Text(message.getSegment('MSH'), 9, 1) === 'ACK') return;
    let receipt: Hl7Receipt;
    try {
      receipt = await receiveReferralMessage(this.settings.db, { ...this.settings, message, ip });
    } catch (error) {
      this.log.error({ code: errorCode(error) }, 'mllp: message could not be stored');
      receipt = NOT_STORED;
    }
    this.log.info(
      'reason' in receipt
        ? { ack: receipt.ack, code: receipt.code }
        : { ack: 'AA', created: receipt.created },
      'mllp: message answered',
    );
    if (!connection.isClosed()) connection.send(ackOf(message, receipt));
  }

  /**
   * A frame @medplum/core could not parse (it does not begin with MSH) leaves Hl7Connection's buffer as it
   * was, so the connection could read nothing more: it is answered AR, without a control id to name, and
   * closed. Anything else (a reset socket, an ACK nobody waited for) is logged and left to the socket.
   */
  private failed(connection: Hl7Connection, error: Error): void {
    const unreadable = (error as { type?: unknown }).type === 'entity.parse.failed';
    this.log.info({ code: unreadable ? 'unreadable' : errorCode(error) }, 'mllp: connection error');
    if (!unreadable || connection.isClosed()) return;
    connection.send(ackOf(null, NOT_HL7));
    connection.socket.end();
  }
}
