// Types of build-server.mjs for TypeScript callers (the deployment files' test); the code lives in the .mjs.

/** The compiled file of a source entry, relative to the repository: services/x/src/(cli/)y.ts → services/x/dist/y.mjs. */
export declare function compiledEntryOf(source: string): string;
/** Every source entry `npm run build:server` compiles, relative to the repository. */
export declare function serverEntries(): string[];
export declare function buildServer(): Promise<void>;
