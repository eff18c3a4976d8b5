/** Types for app-server.mjs (the e2e harness in TypeScript imports it). */
export declare const ROOT: string;
export declare const E2E_ADMIN_PASSWORD: string;
export declare function freePort(): Promise<number>;
export interface AppServer {
  port: number;
  url: string;
  dataDir: string;
  /** The child's process id (tsx, which runs the server in a child of its own). */
  pid: number | undefined;
  output(): string;
  stop(): Promise<number | null>;
}
export declare function startAppServer(options?: {
  staticDir?: string;
  env?: Record<string, string>;
  healthTimeoutMs?: number;
}): Promise<AppServer>;
