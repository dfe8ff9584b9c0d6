import type { z } from 'zod';
import { ConfigError, type Env } from './config-error';

/** One environment variable: how its value is read, its default and what it means (the README's wording). */
export interface VariableSpec<T = unknown> {
  /**
   * Parses the trimmed, non-empty value. A refusal ends the one-line `ConfigError`: a custom issue's message
   * as it is (`must be host:port`), any other as `is invalid ("value"): reason`.
   */
  schema: z.ZodType<T>;
  /** Used when the variable is unset or empty, read through `schema` like a set value. */
  default?: string;
  /** The README's default cell when the default is worked out rather than fixed ("generated into …"). */
  defaultText?: string;
  /** What the variable means, exactly as the README's configuration table says it. */
  description: string;
}

export type VariableSpecs = Readonly<Record<string, VariableSpec>>;

/** The typed values of `V`: a variable with a default always has a value, one without may be undefined. */
export type SettingsOf<V extends VariableSpecs> = {
  readonly [K in keyof V]: V[K] extends { default: string }
    ? z.output<V[K]['schema']>
    : z.output<V[K]['schema']> | undefined;
};

/** A module's own variables, and the loader that validates them into typed settings. */
export interface ModuleConfigSpec<S = unknown> {
  readonly variables: VariableSpecs;
  /** Reads every variable from `env`; throws a `ConfigError` naming the first bad one. */
  load(env: Env): S;
}

/** Reads `name` through its spec; an empty string counts as absent, so the default applies. */
export function readVariable<T>(env: Env, name: string, spec: VariableSpec<T>): T | undefined {
  const raw = env[name]?.trim() || spec.default;
  if (raw === undefined || raw === '') return undefined;
  const parsed = spec.schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (issue?.code === 'custom') throw new ConfigError(name, issue.message);
  const reason = issue?.message ?? 'is invalid';
  throw new ConfigError(name, `is invalid (${JSON.stringify(raw.slice(0, 60))}): ${reason}`);
}

/**
 * Declares a module's variables, e.g. `defineModuleConfig({ USD_ILS_RATE: { schema, default, description } })`.
 * The module names the result in `YomanModule.config`; `createPlatform` loads it at start (a bad value stops
 * start-up) and the module reads its typed settings with `platform.settingsOf(spec)`.
 */
export function defineModuleConfig<const V extends VariableSpecs>(
  variables: V,
): ModuleConfigSpec<SettingsOf<V>> {
  return {
    variables,
    load(env) {
      const settings: Record<string, unknown> = {};
      for (const [name, spec] of Object.entries(variables)) settings[name] = readVariable(env, name, spec);
      // Every key of V was read through its own spec just above, so the record is SettingsOf<V>.
      return settings as SettingsOf<V>;
    },
  };
}
