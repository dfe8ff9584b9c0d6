import { connect, createServer, type Server, type Socket } from 'node:net';

// Test support for the BullMQ adapter's fault tests: Redis made unreachable or silent without stopping it.

/** A TCP relay in front of Redis that can be cut (Redis stopped) or silenced (Redis paused, answers held). */
export async function cuttableRelay(target: URL) {
  const sockets = new Set<Socket>();
  const answers = new Map<Socket, Socket>();
  let down = false;
  const server: Server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const socket = connect(Number(target.port), target.hostname);
    for (const each of [client, socket]) {
      sockets.add(each);
      each.on('error', () => {});
      each.on('close', () => sockets.delete(each));
    }
    answers.set(socket, client);
    socket.on('close', () => answers.delete(socket));
    client.pipe(socket).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: () => {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    restore: () => {
      down = false;
    },
    silence: () => {
      for (const [upstream, client] of answers) upstream.unpipe(client);
    },
    speak: () => {
      for (const [upstream, client] of answers) upstream.pipe(client);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
