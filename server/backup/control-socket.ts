/**
 * How `npm run backup` asks the running server for a backup: a Unix socket,
 * DATA_DIR/control.sock, that only the server's user can open (the data folder is 0700 and the
 * socket 0600), so the file system is the authentication and no password or token is involved.
 * The embedded database is one process per folder: the command cannot open it while the server
 * does, but the server can take a live snapshot of it. One request a connection, one JSON line
 * each way: {"command":"backup"} → {"ok":true,"result":{…}} (BackupResult).
 *
 * Only the embedded database has it (the data-folder lock makes the server its one owner); on
 * PostgreSQL the command takes the backup itself.
 */
import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { BackupResult } from './history';

export const CONTROL_SOCKET = 'control.sock';
/** sun_path holds 108 bytes on Linux (104 on macOS); a longer path cannot be listened on. */
const MAX_SOCKET_PATH = 100;
const MAX_REQUEST = 4096;

export const controlSocketPath = (dataDir: string) => join(dataDir, CONTROL_SOCKET);

export type ControlRequest = { command: 'backup' };
export type ControlReply = { ok: true; result: BackupResult } | { ok: false; error: string };

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

function answer(socket: Socket, reply: ControlReply): void {
  socket.end(`${JSON.stringify(reply)}\n`);
}

/**
 * Listens on DATA_DIR/control.sock; `backup` is what a backup request runs. Undefined (and a
 * warning) when the path is too long for a socket: scheduled backups still run then.
 */
export async function startControlSocket(
  dataDir: string,
  backup: () => Promise<BackupResult>,
  logger?: Pick<Logger, 'warn' | 'error'>,
): Promise<ControlSocket | undefined> {
  const path = controlSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    logger?.warn(
      { path },
      'Путь управляющего сокета слишком длинный: npm run backup при работающем сервере недоступен (плановые копии работают)',
    );
    return undefined;
  }
  // Left by a server that was killed: the data-folder lock says nobody else listens on it.
  await rm(path, { force: true });
  const server: Server = createServer((socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_REQUEST) {
        socket.destroy();
        return;
      }
      const end = text.indexOf('\n');
      if (end === -1) return;
      socket.removeAllListeners('data');
      let request: ControlRequest | undefined;
      try {
        request = JSON.parse(text.slice(0, end)) as ControlRequest;
      } catch {
        request = undefined;
      }
      if (request?.command !== 'backup') {
        answer(socket, { ok: false, error: 'unknown command' });
        return;
      }
      backup().then(
        (result) => answer(socket, { ok: true, result }),
        (error: unknown) => answer(socket, { ok: false, error: String(error) }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => logger?.error({ err: error }, 'Управляющий сокет: ошибка'));
  await chmod(path, 0o600);
  return {
    path,
    // Stops listening at once (Node removes the socket file); a backup under way finishes or
    // fails with the database it uses, and its client gets that answer.
    close: async () => {
      server.close();
    },
  };
}

/**
 * Sends one request to the server owning `dataDir`. Undefined when nobody listens there (no
 * socket file, or a server of a version without one).
 */
export function askServer(dataDir: string, request: ControlRequest): Promise<ControlReply | undefined> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(controlSocketPath(dataDir));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    socket.on('close', (hadError) => {
      if (hadError) return;
      try {
        resolve(JSON.parse(text) as ControlReply);
      } catch {
        reject(new Error('the server closed the control socket without an answer (was it stopped?)'));
      }
    });
  });
}
