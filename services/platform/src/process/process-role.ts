import { PROCESS_ROLES, type ProcessRole } from '../create-platform';

/** A `--role` argument that names no role; its message is one line for the terminal. */
export class RoleArgumentError extends Error {
  constructor(given: string) {
    super(`Unknown role ${JSON.stringify(given)}: --role must be one of ${PROCESS_ROLES.join(', ')}`);
    this.name = 'RoleArgumentError';
  }
}

const isRole = (value: string): value is ProcessRole => (PROCESS_ROLES as readonly string[]).includes(value);

/** The role a process was started with (`--role api` or `--role=api`); `all` when none is given. */
export function roleFromArgv(argv: readonly string[]): ProcessRole {
  let role: ProcessRole = 'all';
  argv.forEach((argument, index) => {
    let value: string | undefined;
    if (argument === '--role') value = argv[index + 1] ?? '';
    else if (argument.startsWith('--role=')) value = argument.slice('--role='.length);
    if (value === undefined) return;
    if (!isRole(value)) throw new RoleArgumentError(value);
    role = value;
  });
  return role;
}
