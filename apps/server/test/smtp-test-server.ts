import { SMTPServer } from 'smtp-server';

export type Received = { to: string[]; raw: string };

/**
 * A real SMTP server for the app to deliver to (smtp-server, the protocol as Nodemailer's project writes
 * it): it keeps what it accepts and refuses the next `refusals` messages with 451, as a busy server does.
 */
export function mailServer() {
  const received: Received[] = [];
  const state = { refusals: 0, refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
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
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  /** Listens on a free loopback port and answers it. */
  const start = async (): Promise<number> => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    if (address === null || typeof address === 'string') throw new Error('no SMTP port');
    return address.port;
  };
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { server, received, state, start, stop };
}
