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
  close(): Promise<void>;
}

export async function startNetworkSwitch(targetPort: number): Promise<NetworkSwitch> {
  let connected = true;
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
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
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
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}
