import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

// A CPU profile of a bench server process over one load run only (seeding and rebuild left out), driven over
// IPC by bench/profile-server.ts: `{ profile: 'start' }`, then `{ profile: 'stop', file }` writes the
// `.cpuprofile` (open it in Chrome DevTools or speedscope) and answers `{ profiled: file }`.

export type ProfileMessage = { profile: 'start' } | { profile: 'stop'; file: string };

let session: Session | undefined;

export function isProfileMessage(message: unknown): message is ProfileMessage {
  return typeof message === 'object' && message !== null && 'profile' in message;
}

async function start() {
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
}

async function stop(file: string) {
  if (!session) throw new Error('no profile was started');
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  session = undefined;
  await writeFile(file, JSON.stringify(profile));
}

export function answerProfileMessage(message: ProfileMessage) {
  const done = message.profile === 'start' ? start() : stop(message.file);
  done.then(
    () => process.send?.({ profiled: message.profile === 'stop' ? message.file : 'started' }),
    (error: unknown) => process.send?.({ profiled: 'failed', error: String(error) }),
  );
}
