// Types of remotes.config.mjs for TypeScript callers (the gateway, tests); the data lives in the .mjs.
/** A link a remote adds to a menu; `icon` names an icon of the shell's menu icon set. */
export interface MenuLink {
  path: string;
  label: string;
  icon: string;
  audience: 'student' | 'mentor';
}

export interface RemoteApp {
  name: string;
  folder: string;
  devPort: number;
  prefixes: string[];
  menu: MenuLink[];
  /** Prefix → the chunk group of the screen it shows first (preloaded on a page load of the prefix). */
  screens?: Record<string, string>;
}

export declare const REMOTE_ENTRY_FILE: 'remoteEntry.js';
export declare const shell: { name: 'shell'; folder: 'shell'; devPort: number };
export declare const remotes: readonly RemoteApp[];
export declare function remoteNamed(name: string): RemoteApp;

/** What GET /remotes-manifest.json answers. */
export interface RemotesManifest {
  remotes: { name: string; entry: string; prefixes: string[]; menu: MenuLink[] }[];
}

export declare function remotesManifestOf(entryOf: (remote: RemoteApp) => string): RemotesManifest;
