/** Types for find-chromium.mjs (the e2e harness in TypeScript imports it). */
export declare function findChromium(env?: NodeJS.ProcessEnv): string | null;
export declare function findHeadlessShell(env?: NodeJS.ProcessEnv): string | null;
export declare const CHROMIUM_ARGS: string[];
