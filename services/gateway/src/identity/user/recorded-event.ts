import { type IdentityEvent, identityEventSchemas } from '@yoman/contracts';
import type { RecordedEvent } from '@yoman/platform';

/** Reads a stored event as an identity event, or null when its type or data is not one we know. */
export function asIdentityEvent(event: Pick<RecordedEvent, 'type' | 'data'>): IdentityEvent | null {
  if (!Object.hasOwn(identityEventSchemas, event.type)) return null;
  const type = event.type as keyof typeof identityEventSchemas;
  const parsed = identityEventSchemas[type].safeParse(event.data);
  return parsed.success ? ({ type, data: parsed.data } as IdentityEvent) : null;
}
