import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { batchedSocket } from './batched-socket.ts';

let server: net.Server | undefined;
let socket: net.Socket | undefined;
afterEach(async () => {
  socket?.destroy();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
});

/** A server that hands over each read of its first connection as it came off the network. */
async function listen(): Promise<{ port: number; reads: Buffer[]; firstRead: Promise<void> }> {
  const reads: Buffer[] = [];
  let readOnce = () => {};
  const firstRead = new Promise<void>((resolve) => (readOnce = resolve));
  server = net.createServer((connection) =>
    connection.on('data', (data) => {
      reads.push(data);
      readOnce();
    }),
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, reads, firstRead };
}

describe('batchedSocket', () => {
  // The network may join separate writes on their way (a read here cannot tell), so the socket is asked
  // whether it held them: corked for the rest of the turn, then sent together.
  it('holds what one turn of the event loop writes and sends it together, each callback called', async () => {
    const { port, reads, firstRead } = await listen();
    const client = batchedSocket();
    socket = client;
    await new Promise<void>((resolve) => client.connect(port, '127.0.0.1', resolve));
    const written: string[] = [];
    // pg's four messages of a prepared statement, written one after another in one turn.
    client.write('bind|', () => written.push('bind'));
    client.write('describe|', 'utf8', () => written.push('describe'));
    client.write(Buffer.from('execute|'));
    client.write('sync', () => written.push('sync'));
    expect(client.writableCorked).toBe(1);
    expect(client.writableLength).toBe('bind|describe|execute|sync'.length);
    await firstRead;
    expect(client.writableCorked).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads.map(String)).toEqual(['bind|describe|execute|sync']);
    expect(written).toEqual(['bind', 'describe', 'sync']);

    // The next turn's writes leave on their own, not held back by the last turn's cork.
    client.write('next');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads.map(String)).toEqual(['bind|describe|execute|sync', 'next']);
  });
});
