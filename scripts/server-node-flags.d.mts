// Types of server-node-flags.mjs for TypeScript callers (the bench).

/** How `npm start` runs the compiled server, and the bench its processes. */
export declare const SERVER_NODE_FLAGS: string[];
