/** Types for server-bundle.mjs (the compiled server's test in TypeScript imports it). */
export declare const SERVER_OUT_DIR: string;
export declare function buildServer(root: string, folder?: string): Promise<void>;
