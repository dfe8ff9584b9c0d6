// autocannon in a process of its own, like its CLI (see load-generator.ts), for reads spread over many users:
// each request GETs one of `mix.paths` as one of `mix.cookies`, both drawn at random, as an organisation's
// students open their screens at once. Prints autocannon's result as JSON, the shape `autocannon --json`
// prints.
import { createRequire } from 'node:module';

const autocannon = createRequire(import.meta.url)('autocannon');
const run = JSON.parse(process.argv[2]);
const pick = (list) => list[Math.floor(Math.random() * list.length)];

autocannon(
  {
    url: run.url,
    connections: run.connections,
    duration: run.seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: pick(run.mix.paths),
          headers: { ...request.headers, ...run.headers, cookie: pick(run.mix.cookies) },
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
