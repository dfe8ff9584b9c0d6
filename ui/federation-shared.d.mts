export type SharedSingleton = {
  singleton: true;
  eager: false;
  requiredVersion: string;
  import?: string;
  version?: string;
};
export declare const SHARED_FROM: Record<string, string>;
export declare const SHARED_SINGLETONS: string[];
export declare const SHARED_UTILITIES: string[];
export declare const DESIGN_SYSTEM_ENTRIES: string[];
export declare const SHARED_SUBPATHS: string[];
export declare function requiredVersionOf(request: string): string;
export declare function sharedChunkNameOf(request: string): string;
export declare const shared: Record<string, SharedSingleton>;
export declare const federationExperiments: {
  optimization: { disableSnapshot: boolean; target: 'web' };
};
export default shared;
export declare function federationExperimentsOf(app: { production: boolean }): {
  optimization: { disableSnapshot: boolean; target: 'web' };
  externalRuntime?: true;
};
export declare function sharedVersions(): Record<string, { version: string; requiredVersion: string }>;
export declare function runtimeHostDefinitions(): Record<string, string | boolean>;
export declare const shareStrategy: 'loaded-first';
