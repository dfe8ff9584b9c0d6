import { connect, createServer, type Server, type Socket } from 'node:net';

// Test support for the BullMQ adapter's fault tests: Redis made unreachable or silent without stopping it.

/** A TCP relay in front of Redis that can be cut (Redis stopped) or silenced (Redis paused, answers held). */
export async function cuttableRelay(target: URL) {
  const sockets = new Set<Socket>();
  /** Each connection's way back: Redis's side → the client's side. */
  const answers = new Map<Socket, Socket>();
  /** Each client's upstream and what it has sent so far (lower case, the last few kilobytes), to pick by role. */
  const clients = new Map<Socket, { upstream: Socket; sent: string }>();
  const clientsThatSent = (command: string) =>
    [...clients].filter(([, { sent }]) => sent.includes(command.toLowerCase())).map(([client]) => client);
  let down = false;
  let silent = false;
  const server: Server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    for (const each of [client, upstream]) {
      sockets.add(each);
      each.on('error', () => {});
      each.on('close', () => sockets.delete(each));
    }
    answers.set(upstream, client);
    upstream.on('close', () => answers.delete(upstream));
    const traffic = { upstream, sent: '' };
    clients.set(client, traffic);
    client.on('data', (chunk: Buffer) => {
      traffic.sent = `${traffic.sent}${chunk.toString('latin1').toLowerCase()}`.slice(-4096);
    });
    client.on('close', () => clients.delete(client));
    client.pipe(upstream);
    // A connection opened while Redis is paused gets no answers either.
    if (!silent) upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `redis://127.0.0.1:${port}`,
    /** Redis stopped: every connection dropped, new ones refused until `restore`. */
    cut: () => {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    /** How many open connections have sent `command` (e.g. `bzpopmin`: a worker waiting for jobs). */
    clientsThatSent: (command: string) => clientsThatSent(command).length,
    /**
     * Drops only the connections whose client sent `command` (e.g. `bzpopmin`, a worker's blocking
     * connection) and refuses new ones until `restore`; the others keep working.
     */
    cutClientsThatSent: (command: string) => {
      down = true;
      const chosen = clientsThatSent(command);
      for (const client of chosen) {
        clients.get(client)?.upstream.destroy();
        client.destroy();
      }
      return chosen.length;
    },
    restore: () => {
      down = false;
    },
    silence: () => {
      if (silent) return;
      silent = true;
      for (const [upstream, client] of answers) upstream.unpipe(client);
    },
    speak: () => {
      // Each way back is piped once: a second pipe would hand the client every answer twice.
      if (!silent) return;
      silent = false;
      for (const [upstream, client] of answers) upstream.pipe(client);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
