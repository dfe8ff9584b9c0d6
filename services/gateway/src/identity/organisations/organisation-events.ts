import { DEFAULT_LOCKING_POLICY, ORGANISATION_STREAM_TYPE, type OrganisationEvent } from '@yoman/contracts';
import { DomainError, type Platform } from '@yoman/platform';
import type { Knex } from 'knex';

/** The stream of one organisation's events. */
export const organisationStreamId = (organisationId: string) => `organisation-${organisationId}`;

export interface LockPolicySetting {
  tradeLockHours: number;
  weekendLocking: boolean;
}

/**
 * Creates an organisation with the default lock policy inside the registration's transaction, and records it
 * as `identity.organisation-created.v1`: other modules (trade's lock window) learn it from the event.
 */
export async function createOrganisation(
  trx: Knex.Transaction,
  platform: Platform,
  organisation: { id: string; name: string; now: Date },
): Promise<number> {
  const { tradeLockHours, weekendLocking } = DEFAULT_LOCKING_POLICY;
  await trx('organisations').insert({
    id: organisation.id,
    name: organisation.name,
    trade_lock_hours: tradeLockHours,
    weekend_locking: weekendLocking,
    created_at: organisation.now,
  });
  const event: OrganisationEvent = {
    type: 'identity.organisation-created.v1',
    data: {
      organisationId: organisation.id,
      name: organisation.name,
      tradeLockHours,
      weekendLocking,
      createdAt: organisation.now.toISOString(),
    },
  };
  const appended = await platform.eventStore.append(
    organisationStreamId(organisation.id),
    ORGANISATION_STREAM_TYPE,
    'no_stream',
    [{ ...event, metadata: { organisationId: organisation.id } }],
    trx,
  );
  return appended.lastPosition;
}

/**
 * Sets an organisation's lock policy (the mentor's; trades logged afterwards follow it) and records
 * `identity.lock-policy-changed.v1`; answers once the read models show it. Unknown organisation: 404.
 */
export async function changeLockPolicy(
  platform: Platform,
  organisationId: string,
  policy: LockPolicySetting,
): Promise<void> {
  const position = await platform.db.transaction(async (trx) => {
    const updated = await trx('organisations')
      .where({ id: organisationId })
      .update({ trade_lock_hours: policy.tradeLockHours, weekend_locking: policy.weekendLocking });
    if (updated === 0) throw DomainError.notFound('ORGANISATION_NOT_FOUND', 'הארגון לא נמצא');
    const event: OrganisationEvent = {
      type: 'identity.lock-policy-changed.v1',
      data: { organisationId, ...policy, changedAt: platform.clock.now().toISOString() },
    };
    // Organisations created before their events were recorded have no stream yet: no version to expect.
    const appended = await platform.eventStore.append(
      organisationStreamId(organisationId),
      ORGANISATION_STREAM_TYPE,
      'any',
      [{ ...event, metadata: { organisationId } }],
      trx,
    );
    return appended.lastPosition;
  });
  await platform.projections.waitFor(position);
}
