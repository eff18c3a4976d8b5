/**
 * A loopback TCP relay between the browser and the server that the test can cut. Chromium's
 * setOffline() does not stop the service worker's own fetches, so "offline" in this suite means
 * both: the context is offline (navigator.onLine is false, the app shows its indicator) and every
 * connection to the origin is refused, whoever makes it — page, worker or browser.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface NetworkSwitch {
  /** The port the browser talks to; the page origin is http://localhost:<port>. */
  port: number;
  cut(): void;
  restore(): void;
  /** A blip: the connections open now break, new ones work (a phone changing cells). */
  drop(): void;
  /**
   * Lets the next request whose first line starts with `requestLine` reach the server, then
   * breaks its connection as the answer comes back: the server did the work, the browser never
   * heard. Resolves when that happened.
   */
  loseNextAnswer(requestLine: string): Promise<void>;
  close(): Promise<void>;
}

export async function startNetworkSwitch(targetPort: number): Promise<NetworkSwitch> {
  let connected = true;
  let losing: { requestLine: string; done(): void } | undefined;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  const relay: Server = createServer((client) => {
    track(client);
    if (!connected) {
      client.destroy();
      return;
    }
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
    track(upstream);
    let requestLine = '';
    client.on('data', (chunk: Buffer) => {
      const line = chunk.subarray(0, 200).toString('latin1').split('\r\n', 1)[0] ?? '';
      if (/^[A-Z]+ \S+ HTTP\//.test(line)) requestLine = line;
    });
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (losing && requestLine.startsWith(losing.requestLine)) {
        const lost = losing;
        losing = undefined;
        client.destroy();
        upstream.destroy();
        lost.done();
        return;
      }
      if (!client.write(chunk)) {
        upstream.pause();
        client.once('drain', () => upstream.resume());
      }
    });
    upstream.on('end', () => client.end());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address();
  if (address === null || typeof address === 'string') throw new Error('relay has no port');

  return {
    port: address.port,
    cut() {
      connected = false;
      // Kept-alive connections would otherwise carry on serving the page and the worker.
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      connected = true;
    },
    drop() {
      for (const socket of sockets) socket.destroy();
    },
    loseNextAnswer(requestLine) {
      return new Promise<void>((resolve) => {
        losing = { requestLine, done: resolve };
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}
