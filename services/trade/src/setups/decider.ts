import { type SetupEvent, type SetupFieldsData, VALIDATION_MESSAGES } from '@yoman/contracts';
import { type Command, type Decider, DomainError } from '@yoman/platform';
import { evolve, initialSetup, type Setup } from './setup';

export type CreateSetup = Command<
  'CreateSetup',
  { setupId: string; userId: string; fields: SetupFieldsData }
>;
export type EditSetup = Command<'EditSetup', { setupId: string; userId: string; fields: SetupFieldsData }>;
export type ArchiveSetup = Command<'ArchiveSetup', { setupId: string; userId: string }>;
export type RestoreSetup = Command<'RestoreSetup', { setupId: string; userId: string }>;

export type SetupCommand = CreateSetup | EditSetup | ArchiveSetup | RestoreSetup;

type StoredSetup = Extract<Setup, { status: 'active' | 'archived' }>;

/** The form's required fields (spec §5), in the form's order; the checklist may be empty. */
const REQUIRED_FIELDS = ['name', 'smcContext', 'description', 'entryRules', 'exitRules'] as const;

export const setupNotFound = () => DomainError.notFound('SETUP_NOT_FOUND', 'הסטאפ לא נמצא');

/** The events a command produces from the setup's state; throws a DomainError when refused. */
export function decide(command: SetupCommand, state: Setup): SetupEvent[] {
  switch (command.type) {
    case 'CreateSetup':
      return createSetup(command, state);
    case 'EditSetup':
      return editSetup(command, state);
    case 'ArchiveSetup':
      return archiveSetup(command, state);
    case 'RestoreSetup':
      return restoreSetup(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown setup command ${JSON.stringify(unknown)}`);
    }
  }
}

/** The setup aggregate's pure half, for its command handler and its specs. */
export const setupDecider: Decider<SetupCommand, SetupEvent, Setup> = {
  decide,
  evolve,
  initialState: initialSetup,
};

function createSetup({ data, metadata: { now } }: CreateSetup, state: Setup): SetupEvent[] {
  if (state.status !== 'empty') throw DomainError.conflict('SETUP_EXISTS', 'סטאפ עם מזהה זה כבר קיים');
  const fields = completeFields(data.fields);
  return [
    {
      type: 'trade.setup-created.v1',
      data: { ...fields, setupId: data.setupId, userId: data.userId, createdAt: now.toISOString() },
    },
  ];
}

function editSetup({ data, metadata: { now } }: EditSetup, state: Setup): SetupEvent[] {
  const setup = ownSetup(state, data.userId);
  const fields = completeFields(data.fields);
  if (sameFields(setup.fields, fields)) return [];
  return [
    {
      type: 'trade.setup-edited.v1',
      data: { ...fields, setupId: setup.setupId, userId: setup.userId, editedAt: now.toISOString() },
    },
  ];
}

function archiveSetup({ data, metadata: { now } }: ArchiveSetup, state: Setup): SetupEvent[] {
  const setup = ownSetup(state, data.userId);
  if (setup.status === 'archived') {
    throw DomainError.conflict('SETUP_ALREADY_ARCHIVED', 'הסטאפ כבר נמצא בארכיון');
  }
  return [
    {
      type: 'trade.setup-archived.v1',
      data: { setupId: setup.setupId, userId: setup.userId, archivedAt: now.toISOString() },
    },
  ];
}

function restoreSetup({ data, metadata: { now } }: RestoreSetup, state: Setup): SetupEvent[] {
  const setup = ownSetup(state, data.userId);
  if (setup.status === 'active') throw DomainError.conflict('SETUP_NOT_ARCHIVED', 'הסטאפ אינו בארכיון');
  return [
    {
      type: 'trade.setup-restored.v1',
      data: { setupId: setup.setupId, userId: setup.userId, restoredAt: now.toISOString() },
    },
  ];
}

/** The caller's own setup; another user's is answered as missing, so ids of others' setups reveal nothing. */
function ownSetup(state: Setup, userId: string): StoredSetup {
  if (state.status === 'empty' || state.userId !== userId) throw setupNotFound();
  return state;
}

/** The fields trimmed, blank checklist items dropped; a blank required field is refused by name. */
function completeFields(fields: SetupFieldsData): SetupFieldsData {
  const trimmed = {
    name: fields.name.trim(),
    smcContext: fields.smcContext.trim(),
    description: fields.description.trim(),
    entryRules: fields.entryRules.trim(),
    exitRules: fields.exitRules.trim(),
    checklist: fields.checklist.map((item) => item.trim()).filter((item) => item !== ''),
  };
  const missing = REQUIRED_FIELDS.find((field) => trimmed[field] === '');
  if (missing) throw DomainError.invalidInput('SETUP_FIELD_REQUIRED', VALIDATION_MESSAGES.required, missing);
  return trimmed;
}

function sameFields(a: SetupFieldsData, b: SetupFieldsData): boolean {
  return (
    REQUIRED_FIELDS.every((field) => a[field] === b[field]) &&
    a.checklist.length === b.checklist.length &&
    a.checklist.every((item, index) => item === b.checklist[index])
  );
}
