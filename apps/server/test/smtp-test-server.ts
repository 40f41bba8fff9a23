import { SMTPServer } from 'smtp-server';

/** A message the server accepted; `client` is the name the sender gave in its greeting (EHLO). */
export type Received = { to: string[]; raw: string; client: string };

/** A message whose answer is held: the sender is mid-delivery until `release`. */
export type HeldMessage = { arrived: Promise<Received>; release(): void };

/**
 * A real SMTP server for the app to deliver to (smtp-server, the protocol as Nodemailer's project writes
 * it): it keeps what it accepts and refuses the next `refusals` messages with 451, as a busy server does;
 * `answerDelayMs` makes it a slow one.
 * `holdNext` keeps the next message's final answer back until released, as a slow server does; a message
 * whose sender hung up before that answer is not delivered (RFC 5321: without the final reply the sender
 * cannot know, and sends it again), so it is counted in `state.dropped`, not kept.
 */
export function mailServer() {
  const received: Received[] = [];
  const state = { refusals: 0, refused: 0, dropped: 0, answerDelayMs: 0 };
  const holds: { arrive(message: Received): void; released: Promise<void> }[] = [];
  /** The sessions whose message is held, until released or hung up. */
  const heldSessions = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose(session) {
      if (heldSessions.delete(session.id)) state.dropped++;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refusals > 0) {
          state.refusals--;
          state.refused++;
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        const message = {
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          client: session.hostNameAppearsAs,
        };
        const hold = holds.shift();
        if (!hold) {
          setTimeout(() => {
            received.push(message);
            callback();
          }, state.answerDelayMs);
          return;
        }
        heldSessions.add(session.id);
        hold.arrive(message);
        void hold.released.then(() => {
          if (!heldSessions.delete(session.id)) return;
          received.push(message);
          callback();
        });
      });
    },
  });
  const holdNext = (): HeldMessage => {
    let arrive: (message: Received) => void = () => undefined;
    let release: () => void = () => undefined;
    const arrived = new Promise<Received>((resolve) => (arrive = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    holds.push({ arrive, released });
    return { arrived, release };
  };
  /** Listens on a free loopback port and answers it. */
  const start = async (): Promise<number> => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    if (address === null || typeof address === 'string') throw new Error('no SMTP port');
    return address.port;
  };
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { server, received, state, holdNext, start, stop };
}
