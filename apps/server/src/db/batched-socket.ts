import net from 'node:net';

/**
 * A database connection's socket that sends what is written in one turn of the event loop as one write.
 * pg writes each message of a statement apart (Bind, Describe, Execute and Sync: four writes, as many TCP
 * segments, and the PostgreSQL backend woken for each); corked until the turn ends, a statement leaves in
 * one writev and wakes the backend once (issue 24, docs/ARCHITECTURE.md Writes).
 */
export function batchedSocket(): net.Socket {
  const socket = new net.Socket();
  // Installed once connected: connect() puts net.Socket's own write back on the socket.
  socket.once('connect', () => {
    const write = socket.write.bind(socket);
    let uncorkScheduled = false;
    socket.write = ((...args: Parameters<typeof write>) => {
      if (!uncorkScheduled) {
        uncorkScheduled = true;
        socket.cork();
        process.nextTick(() => {
          uncorkScheduled = false;
          socket.uncork();
        });
      }
      return write(...args);
    }) as typeof socket.write;
  });
  return socket;
}
