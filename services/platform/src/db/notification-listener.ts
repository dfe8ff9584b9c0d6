import type { Subscriber } from 'pg-listen';
import type { Logger } from 'pino';
import { distributedDrivers } from '../distributed-drivers';
import { fnv1a } from '../event-bus/topics';

/** After a failed first connection, the next `start()` tries again only after this long. */
const RETRY_FIRST_CONNECT_MS = 5000;
/** How often the listening connection is checked with a trivial query (a silent network failure). */
const CONNECTION_CHECK_MS = 10_000;
/** Wait between reconnection attempts; pg-listen retries without end when its timeout is 0. */
const RECONNECT_INTERVAL_MS = 500;

/**
 * The name of a notification channel of a kind (`events`, `checkpoints`) for what `scope` names (a schema,
 * a topic prefix): short, because PostgreSQL refuses channel names of 64 bytes and more, and distinct per
 * scope, as test stacks share one server.
 */
export function notificationChannel(kind: string, ...scope: (string | undefined)[]): string {
  return `yoman_${kind}_${fnv1a(scope.map((part) => part ?? '').join('\u0000')).toString(36)}`;
}

export interface NotificationHandlers {
  /** A notification's payload (undefined when empty). */
  onNotice(payload: string | undefined): void;
  /** LISTEN is in place (again): notifications sent from now on arrive; earlier ones may have been missed. */
  onUp(): void;
  /** The connection was lost: notifications may be missed until the next `onUp`. */
  onDown(): void;
}

export interface NotificationListener {
  /** Connects and listens, unless it already does (or a failed first attempt is too recent). */
  start(): void;
  /** Whether LISTEN is in place right now. */
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * LISTEN on one channel over a PostgreSQL connection of its own (pg-listen: it reconnects and listens
 * again after a lost connection). Notifications are only a wake-up call: a listener that is down is
 * replaced by polling in its user, never trusted to have heard everything.
 */
export function createNotificationListener(
  settings: { connectionString: string; channel: string },
  logger: Logger,
  handlers: NotificationHandlers,
): NotificationListener {
  let subscriber: Subscriber | undefined;
  let up = false;
  let retryAt = 0;
  let closed = false;

  const down = () => {
    if (!up) return;
    up = false;
    handlers.onDown();
  };
  const rise = () => {
    up = true;
    handlers.onUp();
  };

  const connect = async (created: Subscriber) => {
    try {
      await created.connect();
      await created.listenTo(settings.channel);
      if (closed || subscriber !== created) return;
      // From now on pg-listen listens again by itself after a reconnection, then says `connected`.
      created.events.on('connected', rise);
      rise();
    } catch (error) {
      logger.warn({ err: error, channel: settings.channel }, 'could not listen for notifications; polling');
      if (subscriber === created) subscriber = undefined;
      retryAt = Date.now() + RETRY_FIRST_CONNECT_MS;
      await created.close().catch(() => {});
    }
  };

  return {
    start() {
      if (subscriber || Date.now() < retryAt) return;
      closed = false;
      const created = distributedDrivers.pgListen().default(
        { connectionString: settings.connectionString },
        {
          paranoidChecking: CONNECTION_CHECK_MS,
          retryInterval: RECONNECT_INTERVAL_MS,
          retryTimeout: 0,
          // Payloads are handed over as sent; their reader decides what they mean.
          parse: (text: string) => text,
        },
      );
      subscriber = created;
      created.events.on('reconnect', down);
      created.events.on('error', (error) => {
        logger.warn({ err: error, channel: settings.channel }, 'notification listener failed');
        down();
      });
      created.notifications.on(settings.channel, (payload?: string) => handlers.onNotice(payload));
      void connect(created);
    },
    listening: () => up,
    async close() {
      closed = true;
      up = false;
      const open = subscriber;
      subscriber = undefined;
      await open?.close().catch(() => {});
    },
  };
}
