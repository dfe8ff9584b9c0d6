export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string>;
export const ENCODINGS: readonly { suffix: '.br' | '.gz'; compress: (bytes: Buffer) => Buffer }[];
export function precompressDirectory(dir: string): {
  files: number;
  original: number;
  br: number;
  gz: number;
};
