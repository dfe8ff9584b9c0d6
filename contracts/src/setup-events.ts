import { z } from 'zod';
import { parseEventWith } from './stored-event';

// A library setup's events (the trade module's `setup` aggregate, stream `setup-<setupId>`).

/** Stream type of a setup's events. */
export const SETUP_STREAM_TYPE = 'trade-setup';

const Instant = z.iso.datetime({ offset: true });

/** The fields a student writes on the setup form, as stored (checklist already without blank items). */
export const SetupFieldsData = z.object({
  name: z.string().min(1),
  description: z.string().min(1),
  entryRules: z.string().min(1),
  exitRules: z.string().min(1),
  checklist: z.array(z.string().min(1)),
  smcContext: z.string().min(1),
});
export type SetupFieldsData = z.infer<typeof SetupFieldsData>;

/** trade.setup-created.v1 */
export const SetupCreatedData = SetupFieldsData.extend({
  setupId: z.uuid(),
  userId: z.string().min(1),
  createdAt: Instant,
});
export type SetupCreatedData = z.infer<typeof SetupCreatedData>;

/** trade.setup-edited.v1: the setup's fields as they are after the edit. */
export const SetupEditedData = SetupFieldsData.extend({
  setupId: z.uuid(),
  userId: z.string().min(1),
  editedAt: Instant,
});
export type SetupEditedData = z.infer<typeof SetupEditedData>;

/** trade.setup-archived.v1 */
export const SetupArchivedData = z.object({
  setupId: z.uuid(),
  userId: z.string().min(1),
  archivedAt: Instant,
});
export type SetupArchivedData = z.infer<typeof SetupArchivedData>;

/** trade.setup-restored.v1: back from the archive to the active setups. */
export const SetupRestoredData = z.object({
  setupId: z.uuid(),
  userId: z.string().min(1),
  restoredAt: Instant,
});
export type SetupRestoredData = z.infer<typeof SetupRestoredData>;

export const SETUP_EVENT_SCHEMAS = {
  'trade.setup-created.v1': SetupCreatedData,
  'trade.setup-edited.v1': SetupEditedData,
  'trade.setup-archived.v1': SetupArchivedData,
  'trade.setup-restored.v1': SetupRestoredData,
} as const;

export type SetupEventType = keyof typeof SETUP_EVENT_SCHEMAS;
export const SETUP_EVENT_TYPES = Object.keys(SETUP_EVENT_SCHEMAS) as SetupEventType[];

export type SetupEvent = {
  [Type in SetupEventType]: { type: Type; data: z.infer<(typeof SETUP_EVENT_SCHEMAS)[Type]> };
}[SetupEventType];

/** Parses a stored event of a setup's stream; undefined when its type or data is not a setup event. */
export const parseSetupEvent = (event: { type: string; data: unknown }): SetupEvent | undefined =>
  parseEventWith(SETUP_EVENT_SCHEMAS, event);
