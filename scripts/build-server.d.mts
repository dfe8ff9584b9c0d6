// Types of build-server.mjs for TypeScript callers (the deployment files' test, the bench); the code lives in the .mjs.

/** The compiled file of a source entry, relative to the repository: services/x/src/(cli/)y.ts → services/x/dist/y.mjs. */
export declare function compiledEntryOf(source: string): string;
/** Every source entry `npm run build:server` compiles, relative to the repository. */
export declare function serverEntries(): string[];
export declare function buildServer(): Promise<void>;
/** Bundles one TypeScript entry (an absolute path) with the workspace packages into one ES module at `outfile`. */
export declare function bundleEntry(entryPath: string, outfile: string): Promise<void>;
