// Font files are emitted by rspack (asset/resource) and imported as their URL.
declare module '*.woff' {
  const url: string;
  export default url;
}
