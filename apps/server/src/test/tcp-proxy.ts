import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay between a server under test and its database, which a test can cut to make the
 * database unreachable (as a network failure would) and restore, on the same port.
 */
export interface TcpProxy {
  port: number;
  /** Drops every relayed connection and refuses new ones. */
  cut(): Promise<void>;
  /**
   * Goes silent, as a lost network does: connections stay open, nothing crosses them, and new ones
   * are accepted but never answered.
   */
  hold(): void;
  /** Accepts and relays again (connections held silent are dropped first). */
  restore(): Promise<void>;
  /** Connections accepted while holding and not relayed yet: each client that is waiting for its database. */
  waitingCount(): number;
  /**
   * Ends a hold that began before any connection (a start that has to wait for its database): the
   * connections accepted meanwhile are relayed now, all at once, and new ones as usual.
   */
  letThrough(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A dropped peer is what the test is about; its error must not end the test process.
    socket.on('error', () => socket.destroy());
  };
  let holding = false;
  const waiting = new Set<Socket>();
  const relay = (client: Socket) => {
    if (holding) {
      track(client);
      client.pause();
      waiting.add(client);
      client.once('close', () => waiting.delete(client));
      return;
    }
    connectUpstream(client);
  };
  const connectUpstream = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  };

  let server: Server = createServer(relay);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

  const port = await listen(0);
  let listening = true;
  return {
    port,
    async cut() {
      if (!listening) return;
      listening = false;
      await stop();
    },
    hold() {
      holding = true;
      for (const socket of sockets) socket.pause();
    },
    async restore() {
      if (holding) {
        holding = false;
        for (const socket of sockets) socket.destroy();
      }
      if (listening) return;
      server = createServer(relay);
      await listen(port);
      listening = true;
    },
    waitingCount: () => waiting.size,
    letThrough() {
      holding = false;
      const clients = [...waiting];
      waiting.clear();
      for (const client of clients) connectUpstream(client);
    },
    async close() {
      if (listening) await stop();
      listening = false;
    },
  };
}
