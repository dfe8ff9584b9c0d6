export type SharedSingleton = { singleton: true; eager: false; requiredVersion: string };
export declare const SHARED_SINGLETONS: string[];
export declare const SHARED_SUBPATHS: string[];
export declare function requiredVersionOf(request: string): string;
export declare const shared: Record<string, SharedSingleton>;
export default shared;
