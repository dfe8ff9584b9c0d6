// autocannon in a process of its own, like its CLI (see load-generator.ts), for a load whose every request
// logs a different trade: the n-th request (counted across connections) sends the body template with
// `__EXIT__` replaced by `first + n × stepMs` and `__ENTRY__` by the hour before it, as ISO text, under an
// idempotency key of its own, as the add-trade dialog sends every new trade. Prints autocannon's result as
// JSON, the shape `autocannon --json` prints.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

const autocannon = createRequire(import.meta.url)('autocannon');
const run = JSON.parse(process.argv[2]);
let n = 0;
const bodyOf = () => {
  const exit = run.sequence.first + n * run.sequence.stepMs;
  n += 1;
  return run.sequence.template
    .replaceAll('__EXIT__', new Date(exit).toISOString())
    .replaceAll('__ENTRY__', new Date(exit - 3_600_000).toISOString());
};

autocannon(
  {
    url: run.url,
    connections: run.connections,
    duration: run.seconds,
    headers: run.headers,
    requests: [
      {
        method: run.method,
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'idempotency-key': randomBytes(16).toString('hex') },
          body: bodyOf(),
        }),
      },
    ],
  },
  (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    process.stdout.write(JSON.stringify(result));
  },
);
