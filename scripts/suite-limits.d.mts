export declare const SUITE_LIMITS: Record<string, string>;
