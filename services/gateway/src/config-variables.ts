import { allConfigVariables, type Config, type Env, loadConfig, type VariableSpec } from '@yoman/platform';
import { gatewayConfig } from './gateway-config';
import { modulesOf } from './registry';

const OWNERS = [{ name: 'gateway', config: gatewayConfig }, ...modulesOf()];

/** Every variable a Yoman process reads: the platform's, the gateway's and each module's, by name. */
export function yomanConfigVariables(): Readonly<Record<string, VariableSpec>> {
  return allConfigVariables(OWNERS);
}

/** Validates all of them in `env`, as the processes do at start; the platform's configuration is returned. */
export function loadEveryVariable(env: Env): Config {
  const config = loadConfig(env);
  for (const owner of OWNERS) owner.config?.load(env);
  return config;
}
