/** Types for inputs.mjs (the bench in TypeScript imports it). */
export declare const BUILD_STAMP: string;
export declare function buildInputsDigest(root: string, env?: NodeJS.ProcessEnv): string;
export declare function builtDigest(root: string): string | undefined;
