import closeWithGrace from 'close-with-grace';
import type { Logger } from 'pino';

/**
 * Closes the process gracefully on SIGINT/SIGTERM or an uncaught error: runs `close` (stop accepting
 * requests, finish in-flight work, close the database) within `delayMs`, then exits.
 */
export function closeGracefully(logger: Logger, close: () => Promise<void>, delayMs = 10_000) {
  return closeWithGrace({ delay: delayMs }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'closing after an unexpected error');
    else logger.info({ signal }, 'closing');
    await close();
  });
}
