// Types of what TypeScript code (tests, benchmarks) imports from scripts/lib.mjs.
/** Builds dist/server when it is missing or older than its sources; answers the build's exit code (0 when fresh). */
export declare function ensureServerBuild(): Promise<number>;
