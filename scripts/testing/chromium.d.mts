export declare const DEBIAN_CHROMIUM: string;
export declare function chromiumPath(variable: string, env?: Record<string, string | undefined>): string;
