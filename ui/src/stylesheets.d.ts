// Stylesheets (the self-hosted Heebo faces) are imported for their side effect and bundled by rspack.
declare module '*.css';
