import { fileURLToPath } from 'node:url';
import { defineModuleConfig } from '@yoman/platform';
import { z } from 'zod';

/** The built front end of this checkout: shell at its root, remotes under `remotes/<name>/`. */
export const DEFAULT_FRONT_END_DIR = fileURLToPath(new URL('../../../dist/web', import.meta.url));

/** `journal=URL,leagues=URL` or a JSON object `{"journal":"https://…/mf-manifest.json"}`. */
const remotesManifestSchema = z.string().transform((raw, context) => {
  let candidate: unknown;
  if (raw.startsWith('{')) {
    try {
      candidate = JSON.parse(raw);
    } catch {
      context.issues.push({ code: 'custom', message: 'is not valid JSON', input: raw });
      return z.NEVER;
    }
  } else {
    candidate = Object.fromEntries(raw.split(',').map((pair) => pair.trim().split('=', 2)));
  }
  const parsed = z.record(z.string().regex(/^[a-z][\w-]*$/), z.string().min(1)).safeParse(candidate);
  if (!parsed.success || Object.keys(parsed.data).length === 0) {
    const message = 'must map remote names to manifest URLs (name=URL,…)';
    context.issues.push({ code: 'custom', message, input: raw });
    return z.NEVER;
  }
  return parsed.data;
});

/**
 * The gateway's own variables: the front end it serves. Read once by `composeGateway` before the platform
 * opens (a bad value stops start-up like any other); the gateway is a process, not a module, so it passes
 * the settings to its front door itself rather than through `platform.settingsOf`.
 */
export const gatewayConfig = defineModuleConfig({
  FRONT_END_DIR: {
    schema: z.string(),
    defaultText: '`dist/web`',
    description: 'where the built shell and remotes are',
  },
  REMOTES_MANIFEST: {
    schema: remotesManifestSchema,
    defaultText: "the gateway's own remotes",
    description: '`journal=URL,leagues=URL,mentor=URL` (or JSON) to load remotes deployed elsewhere',
  },
});

export type GatewaySettings = ReturnType<typeof gatewayConfig.load>;
