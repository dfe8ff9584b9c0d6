import type { JobRequest } from '../jobs/types';
import type { Platform } from '../platform';
import type { EventMetadata, ExpectedVersion, NewEvent, RecordedEvent } from './types';

export interface CommandOptions<State, Event extends NewEvent> {
  streamId: string;
  streamType: string;
  initialState: () => State;
  evolve: (state: State, event: RecordedEvent) => State;
  /** Pure business logic: the events the command produces from the current state; refuses with a DomainError. */
  decide: (state: State) => Event[];
  /** Merged into every new event's metadata (user, organisation, correlation). */
  metadata?: EventMetadata;
  /** Defaults to the version read, so a concurrent writer makes this command fail with 409. */
  expectedVersion?: ExpectedVersion;
  /**
   * The jobs the command leaves behind, from the state the decided events lead to and the events (a trade's
   * lock at the end of its window). Where the jobs are rows of the events' database (the embedded scheduler)
   * they are stored in the append's transaction, with the events or not at all. Elsewhere (BullMQ) they are
   * scheduled before the append, and a failure to schedule appends nothing (Redis down answers 503); the job
   * of a command that then fails finds nothing to do. Not called when nothing is decided.
   */
  jobsOf?: (state: State, events: Event[]) => readonly JobRequest[];
  /**
   * The caller has just made the stream's id up (a random UUID): its history is known to be empty, so it is
   * not read, and the append expects no stream (a clash of ids would fail with 409, never overwrite).
   */
  newStream?: boolean;
}

export interface CommandResult<State> {
  /** The state after the new events. */
  state: State;
  events: RecordedEvent[];
  nextVersion: number;
  lastPosition: number;
}

/**
 * Runs one command the Emmett way: read the stream, fold it into state, decide, append with the version
 * read (optimistic concurrency), then wait until every read model includes the new events.
 */
export async function handleCommand<State, Event extends NewEvent>(
  platform: Platform,
  options: CommandOptions<State, Event>,
): Promise<CommandResult<State>> {
  const history = options.newStream ? [] : await platform.eventStore.readStream(options.streamId);
  const readVersion = history.at(-1)?.version ?? 0;
  const current = history.reduce(options.evolve, options.initialState());
  const decided = options.decide(current);
  const expectedVersion = options.newStream
    ? 'no_stream'
    : (options.expectedVersion ?? (readVersion === 0 ? 'no_stream' : readVersion));
  if (decided.length === 0) return { state: current, events: [], nextVersion: readVersion, lastPosition: 0 };
  const newEvents = decided.map((event) => ({
    ...event,
    metadata: { ...options.metadata, ...event.metadata },
  }));
  const recordedAt = platform.clock.now();
  const recordedAs = (firstPosition: number, firstVersion: number) =>
    newEvents.map(
      (event, index): RecordedEvent => ({
        position: firstPosition + index,
        streamId: options.streamId,
        streamType: options.streamType,
        version: firstVersion + index,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
        recordedAt,
      }),
    );
  // Positions are known only after the append; the state the events lead to does not depend on them.
  const jobs =
    options.jobsOf?.(recordedAs(0, readVersion + 1).reduce(options.evolve, current), decided) ?? [];
  const { writesJobs } = platform.eventStore;
  if (!writesJobs) for (const job of jobs) await platform.jobs.schedule(job);
  const { nextVersion, lastPosition } = await platform.eventStore.append(
    options.streamId,
    options.streamType,
    expectedVersion,
    newEvents,
    undefined,
    writesJobs ? jobs : undefined,
  );
  // Appends are serialized by the event store's lock, so one append's positions are consecutive.
  const recorded = recordedAs(lastPosition - newEvents.length + 1, nextVersion - newEvents.length + 1);
  await platform.projections.waitFor(lastPosition);
  return { state: recorded.reduce(options.evolve, current), events: recorded, nextVersion, lastPosition };
}
