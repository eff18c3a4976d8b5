/** Types for app-server.mjs (the e2e harness in TypeScript imports it). */
export declare const ROOT: string;
export declare const E2E_ADMIN_PASSWORD: string;
export declare function freePort(): Promise<number>;
export interface AppServer {
  port: number;
  url: string;
  dataDir: string;
  /** The child's process id (the server, or tsx, which runs it in a child of its own). */
  pid: number | undefined;
  output(): string;
  stop(): Promise<number | null>;
}
export declare function startAppServer(options?: {
  staticDir?: string;
  env?: Record<string, string>;
  healthTimeoutMs?: number;
  /** The production server (node dist-server/main.js) instead of the sources through tsx. */
  compiled?: boolean;
  /** The server's standard output and error go to this file (appended), not through a pipe. */
  logFile?: string;
}): Promise<AppServer>;
