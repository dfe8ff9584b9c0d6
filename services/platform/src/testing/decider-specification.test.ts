import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error';
import { deciderSpecification } from './decider-specification';

type Door = { status: 'closed' } | { status: 'open' };
type DoorEvent = { type: 'door.opened.v1' };
type OpenDoor = { type: 'OpenDoor'; metadata: { now: Date } };

const { given } = deciderSpecification<OpenDoor, DoorEvent, Door>({
  decide: (_command, state) => {
    if (state.status === 'open') throw DomainError.conflict('DOOR_OPEN', 'הדלת כבר פתוחה');
    return [{ type: 'door.opened.v1' }];
  },
  evolve: () => ({ status: 'open' }),
  initialState: () => ({ status: 'closed' }),
});
const open: OpenDoor = { type: 'OpenDoor', metadata: { now: new Date('2026-03-10T10:00:00Z') } };

describe('a decider specification', () => {
  it('replays the history before deciding, and checks the events or the refusal', () => {
    given()
      .when(open)
      .thenEmits([{ type: 'door.opened.v1' }]);
    given({ type: 'door.opened.v1' }).when(open).thenRefuses('DOOR_OPEN', 'conflict');
  });

  it('fails a refusal spec when the command is accepted or refused otherwise', () => {
    expect(() => given().when(open).thenRefuses('DOOR_OPEN')).toThrow(/refused with DOOR_OPEN/);
    expect(() => given({ type: 'door.opened.v1' }).when(open).thenRefuses('DOOR_OPEN', 'locked')).toThrow();
    expect(() => given({ type: 'door.opened.v1' }).when(open).thenNothing()).toThrow();
  });
});
