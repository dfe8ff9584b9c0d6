/** The environment a configuration is read from (`process.env` in a process, a record in tests). */
export type Env = Readonly<Record<string, string | undefined>>;

/** A missing or bad environment variable; its message is one line naming the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Configuration error: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}
