// Types of remotes.config.mjs for TypeScript callers (the gateway, tests); the data lives in the .mjs.
export type MenuAudience = 'student' | 'mentor' | 'everyone' | 'none';

export interface RemoteApp {
  name: string;
  folder: string;
  devPort: number;
  prefixes: string[];
  menu: MenuAudience;
}

export declare const shell: { name: 'shell'; folder: 'shell'; devPort: number };
export declare const remotes: readonly RemoteApp[];
export declare function remoteNamed(name: string): RemoteApp;

/** What GET /remotes-manifest.json answers. */
export interface RemotesManifest {
  remotes: { name: string; entry: string; prefixes: string[]; menu: MenuAudience }[];
}

export declare function remotesManifestOf(entryOf: (remote: RemoteApp) => string): RemotesManifest;
