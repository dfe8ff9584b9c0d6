// CSSJanus ships no types; the one function the RTL plugin calls.
declare module 'cssjanus' {
  const cssjanus: {
    transform(css: string, options?: { transformDirInUrl?: boolean; transformEdgeInUrl?: boolean }): string;
  };
  export default cssjanus;
}
