import type { Config } from './config/config';
import type { ModuleConfigSpec } from './config/variables';
import type { YomanModule } from './module';

/**
 * Loads every module's declared variables from the environment the configuration was read from, and answers
 * `platform.settingsOf(spec)`. Settings are keyed by the spec object itself, so a module reads only what it
 * declared and a module that is not mounted has none to read.
 */
export function loadModuleSettings(
  config: Config,
  modules: readonly YomanModule[],
): <S>(spec: ModuleConfigSpec<S>) => S {
  const loaded = new Map<ModuleConfigSpec, unknown>();
  for (const module of modules) {
    if (module.config && !loaded.has(module.config)) {
      loaded.set(module.config, module.config.load(config.environment));
    }
  }
  return <S>(spec: ModuleConfigSpec<S>): S => {
    if (!loaded.has(spec)) throw new Error('settingsOf: no mounted module declares these variables');
    // The value under `spec` was produced by `spec.load`, so it is an S.
    return loaded.get(spec) as S;
  };
}
