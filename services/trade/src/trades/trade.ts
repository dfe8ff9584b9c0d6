import type { TradeEvent, TradeFiguresData } from '@yoman/contracts';

/** What every live trade knows about itself, open or locked. */
interface LiveTrade {
  tradeId: string;
  userId: string;
  figures: TradeFiguresData;
  screenshotUrl: string | null;
  /** SHA-256 of the screenshot's bytes; null without one, or for one attached before hashes were recorded. */
  screenshotSha256: string | null;
  lockAt: Date;
  trustScore: number;
  /** Trust already lost to material edits, so the cap of −30 holds. */
  materialEditPenalty: number;
}

/** A trade's state: never logged, open for edits, locked, or deleted. */
export type Trade =
  | { status: 'empty' }
  | ({ status: 'open' } & LiveTrade)
  | ({ status: 'locked'; lockedAt: Date } & LiveTrade)
  | { status: 'deleted'; tradeId: string; userId: string };

export const initialTrade = (): Trade => ({ status: 'empty' });

/** Folds one trade event into the state; an event that does not fit the state leaves it as it is. */
export function evolve(state: Trade, event: TradeEvent): Trade {
  switch (event.type) {
    case 'trade.logged.v1': {
      const {
        tradeId,
        userId,
        screenshotUrl,
        screenshotSha256,
        lockAt,
        trustScore,
        loggedAt: _l,
        organisationId: _o,
        ...figures
      } = event.data;
      return {
        status: 'open',
        tradeId,
        userId,
        figures,
        screenshotUrl,
        screenshotSha256: screenshotSha256 ?? null,
        lockAt: new Date(lockAt),
        trustScore,
        materialEditPenalty: 0,
      };
    }
    case 'trade.edited.v1': {
      if (state.status !== 'open') return state;
      const {
        tradeId: _t,
        userId: _u,
        changedFields: _c,
        material: _m,
        editedAt: _e,
        ...figures
      } = event.data;
      return { ...state, figures };
    }
    case 'trade.screenshot-attached.v1':
      return state.status === 'open'
        ? {
            ...state,
            screenshotUrl: event.data.screenshotUrl,
            screenshotSha256: event.data.screenshotSha256 ?? null,
          }
        : state;
    case 'trade.locked.v1':
      return state.status === 'open'
        ? { ...state, status: 'locked', lockedAt: new Date(event.data.lockedAt) }
        : state;
    case 'trade.trust-changed.v1': {
      if (state.status !== 'open' && state.status !== 'locked') return state;
      const editPenalty = event.data.reason === 'material_edit' ? -event.data.change : 0;
      return {
        ...state,
        trustScore: event.data.trustScore,
        materialEditPenalty: state.materialEditPenalty + editPenalty,
      };
    }
    case 'trade.deleted.v1':
      return state.status === 'empty'
        ? state
        : { status: 'deleted', tradeId: event.data.tradeId, userId: event.data.userId };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
