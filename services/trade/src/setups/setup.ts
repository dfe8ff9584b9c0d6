import type { SetupEvent, SetupFieldsData } from '@yoman/contracts';

/** What every stored setup knows about itself, active or archived. */
interface StoredSetup {
  setupId: string;
  userId: string;
  fields: SetupFieldsData;
}

/** A library setup's state: never created, active (selectable on a trade) or archived. */
export type Setup = { status: 'empty' } | ({ status: 'active' | 'archived' } & StoredSetup);

export const initialSetup = (): Setup => ({ status: 'empty' });

const fieldsOf = ({ name, description, entryRules, exitRules, checklist, smcContext }: SetupFieldsData) => ({
  name,
  description,
  entryRules,
  exitRules,
  checklist,
  smcContext,
});

/** Folds one setup event into the state; an event that does not fit the state leaves it as it is. */
export function evolve(state: Setup, event: SetupEvent): Setup {
  switch (event.type) {
    case 'trade.setup-created.v1':
      return state.status === 'empty'
        ? {
            status: 'active',
            setupId: event.data.setupId,
            userId: event.data.userId,
            fields: fieldsOf(event.data),
          }
        : state;
    case 'trade.setup-edited.v1':
      return state.status === 'empty' ? state : { ...state, fields: fieldsOf(event.data) };
    case 'trade.setup-archived.v1':
      return state.status === 'active' ? { ...state, status: 'archived' } : state;
    case 'trade.setup-restored.v1':
      return state.status === 'archived' ? { ...state, status: 'active' } : state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
