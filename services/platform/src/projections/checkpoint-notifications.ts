import type { Knex } from 'knex';
import { z } from 'zod';

/** A projection's checkpoint of one partition of one topic, as a projector tells it after its commit. */
export interface CheckpointNotice {
  projection: string;
  topic: string;
  partition: number;
  position: number;
}

/** PostgreSQL refuses payloads from 8000 bytes on; a longer notice only says "read the table". */
const MAX_PAYLOAD_BYTES = 7900;

export const checkpointKey = (projection: string, topic: string, partition: number) =>
  `${projection}\n${topic}\n${partition}`;

/** The payload telling these checkpoints; empty (read the table) for none or when too long to send. */
export function checkpointPayload(notices: readonly CheckpointNotice[]): string {
  const text = JSON.stringify(
    notices.map(({ projection, topic, partition, position }) => [projection, topic, partition, position]),
  );
  return notices.length > 0 && Buffer.byteLength(text) <= MAX_PAYLOAD_BYTES ? text : '';
}

/**
 * Tells the api processes listening on `channel` which checkpoints this transaction moved; PostgreSQL
 * delivers it when (and only if) the transaction commits. An empty list asks them to read the table.
 */
export async function notifyCheckpoints(
  trx: Knex.Transaction,
  channel: string,
  notices: readonly CheckpointNotice[],
): Promise<void> {
  await trx.raw('select pg_notify(?, ?)', [channel, checkpointPayload(notices)]);
}

const noticeEntries = z.array(z.tuple([z.string(), z.string(), z.number().int(), z.number().int()]));

/** A notification's checkpoints, or 'reread' when it names none (or cannot be read). */
export function readCheckpointNotice(payload: string | undefined): CheckpointNotice[] | 'reread' {
  if (!payload) return 'reread';
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return 'reread';
  }
  const entries = noticeEntries.safeParse(parsed);
  if (!entries.success) return 'reread';
  return entries.data.map(([projection, topic, partition, position]) => ({
    projection,
    topic,
    partition,
    position,
  }));
}
