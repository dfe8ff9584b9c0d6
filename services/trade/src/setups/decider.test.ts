import type { SetupEvent, SetupFieldsData } from '@yoman/contracts';
import { deciderSpecification } from '@yoman/platform/testing';
import { describe, expect, it } from 'vitest';
import { type SetupCommand, setupDecider } from './decider';

const { given } = deciderSpecification(setupDecider);

const SETUP_ID = '6f1c2b7a-3d4e-4f50-8a6b-7c8d9e0f1a2b';
const OWNER = 'student-1';
const STRANGER = 'student-2';
const now = { now: new Date('2026-03-10T09:00:00.000Z') };

const fields: SetupFieldsData = {
  name: 'פריצת טווח אסיה',
  smcContext: 'איסוף נזילות מעל השיא',
  description: 'פריצה של טווח אסיה בפתיחת לונדון',
  entryRules: 'נר סגירה מעל הטווח',
  exitRules: 'יעד 2R',
  checklist: ['טווח ברור', 'נפח עולה'],
};

const create = (change: Partial<SetupFieldsData> = {}): SetupCommand => ({
  type: 'CreateSetup',
  data: { setupId: SETUP_ID, userId: OWNER, fields: { ...fields, ...change } },
  metadata: now,
});
const edit = (change: Partial<SetupFieldsData>, userId = OWNER): SetupCommand => ({
  type: 'EditSetup',
  data: { setupId: SETUP_ID, userId, fields: { ...fields, ...change } },
  metadata: now,
});
const archive = (userId = OWNER): SetupCommand => ({
  type: 'ArchiveSetup',
  data: { setupId: SETUP_ID, userId },
  metadata: now,
});
const restore = (userId = OWNER): SetupCommand => ({
  type: 'RestoreSetup',
  data: { setupId: SETUP_ID, userId },
  metadata: now,
});

const created: SetupEvent = {
  type: 'trade.setup-created.v1',
  data: { ...fields, setupId: SETUP_ID, userId: OWNER, createdAt: '2026-03-01T08:00:00.000Z' },
};
const archived: SetupEvent = {
  type: 'trade.setup-archived.v1',
  data: { setupId: SETUP_ID, userId: OWNER, archivedAt: '2026-03-05T08:00:00.000Z' },
};
const restored: SetupEvent = {
  type: 'trade.setup-restored.v1',
  data: { setupId: SETUP_ID, userId: OWNER, restoredAt: '2026-03-06T08:00:00.000Z' },
};

describe('creating a setup', () => {
  it('records the fields with the owner and the time', () => {
    given()
      .when(create())
      .thenEmits([
        {
          type: 'trade.setup-created.v1',
          data: { ...fields, setupId: SETUP_ID, userId: OWNER, createdAt: '2026-03-10T09:00:00.000Z' },
        },
      ]);
  });

  it('trims the text and drops blank checklist lines', () => {
    given()
      .when(create({ name: '  פריצה  ', checklist: [' טווח ברור ', '', '   ', 'נפח'] }))
      .thenEmits([
        {
          type: 'trade.setup-created.v1',
          data: {
            ...fields,
            name: 'פריצה',
            checklist: ['טווח ברור', 'נפח'],
            setupId: SETUP_ID,
            userId: OWNER,
            createdAt: '2026-03-10T09:00:00.000Z',
          },
        },
      ]);
  });

  it.each(['name', 'smcContext', 'description', 'entryRules', 'exitRules'] as const)(
    'refuses a blank %s as bad input naming the field',
    (field) => {
      given()
        .when(create({ [field]: '   ' }))
        .thenRefuses('SETUP_FIELD_REQUIRED', 'invalid_input');
      expect(() => setupDecider.decide(create({ [field]: ' ' }), setupDecider.initialState())).toThrow(
        expect.objectContaining({ field, message: 'שדה חובה' }),
      );
    },
  );

  it('allows an empty checklist', () => {
    const [event] = setupDecider.decide(create({ checklist: ['', ' '] }), setupDecider.initialState());
    expect(event.type === 'trade.setup-created.v1' && event.data.checklist).toEqual([]);
  });

  it('refuses an id already taken', () => {
    given(created).when(create()).thenRefuses('SETUP_EXISTS', 'conflict');
  });
});

describe('editing a setup', () => {
  it('records the fields as they are after the edit', () => {
    given(created)
      .when(edit({ exitRules: 'יעד 3R' }))
      .thenEmits([
        {
          type: 'trade.setup-edited.v1',
          data: {
            ...fields,
            exitRules: 'יעד 3R',
            setupId: SETUP_ID,
            userId: OWNER,
            editedAt: '2026-03-10T09:00:00.000Z',
          },
        },
      ]);
  });

  it('records nothing when nothing changed (blank lines and spaces are not a change)', () => {
    given(created)
      .when(edit({ name: ` ${fields.name} `, checklist: [...fields.checklist, ''] }))
      .thenNothing();
  });

  it('may edit an archived setup', () => {
    const [event] = setupDecider.decide(
      edit({ name: 'אחר' }),
      [created, archived].reduce(setupDecider.evolve, setupDecider.initialState()),
    );
    expect(event.type).toBe('trade.setup-edited.v1');
  });

  it('refuses a blank required field', () => {
    given(created)
      .when(edit({ entryRules: '' }))
      .thenRefuses('SETUP_FIELD_REQUIRED', 'invalid_input');
  });

  it("answers another student's setup as missing", () => {
    given(created)
      .when(edit({ name: 'שלי' }, STRANGER))
      .thenRefuses('SETUP_NOT_FOUND', 'not_found');
  });

  it('answers a setup never created as missing', () => {
    given()
      .when(edit({ name: 'שלי' }))
      .thenRefuses('SETUP_NOT_FOUND', 'not_found');
  });
});

describe('archiving and restoring', () => {
  it('archives an active setup', () => {
    given(created)
      .when(archive())
      .thenEmits([
        {
          type: 'trade.setup-archived.v1',
          data: { setupId: SETUP_ID, userId: OWNER, archivedAt: '2026-03-10T09:00:00.000Z' },
        },
      ]);
  });

  it('refuses to archive an archived setup (409)', () => {
    given(created, archived).when(archive()).thenRefuses('SETUP_ALREADY_ARCHIVED', 'conflict');
  });

  it('restores an archived setup', () => {
    given(created, archived)
      .when(restore())
      .thenEmits([
        {
          type: 'trade.setup-restored.v1',
          data: { setupId: SETUP_ID, userId: OWNER, restoredAt: '2026-03-10T09:00:00.000Z' },
        },
      ]);
  });

  it('refuses to restore an active setup (409), also after a restore', () => {
    given(created).when(restore()).thenRefuses('SETUP_NOT_ARCHIVED', 'conflict');
    given(created, archived, restored).when(restore()).thenRefuses('SETUP_NOT_ARCHIVED', 'conflict');
  });

  it('archives again after a restore', () => {
    const [event] = setupDecider.decide(
      archive(),
      [created, archived, restored].reduce(setupDecider.evolve, setupDecider.initialState()),
    );
    expect(event.type).toBe('trade.setup-archived.v1');
  });

  it("answers archiving or restoring another student's setup as missing", () => {
    given(created).when(archive(STRANGER)).thenRefuses('SETUP_NOT_FOUND', 'not_found');
    given(created, archived).when(restore(STRANGER)).thenRefuses('SETUP_NOT_FOUND', 'not_found');
  });
});
