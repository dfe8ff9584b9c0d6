import type { User } from '@yoman/contracts';
import type { Knex } from 'knex';

/** The user as the client sees it, from the `users` read model; null when there is no such user. */
export async function readUser(db: Knex, userId: string): Promise<User | null> {
  const row = await db('users').where({ id: userId }).first();
  if (!row) return null;
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    displayName: row.display_name,
    role: row.role === 'mentor' ? 'mentor' : 'student',
    organisationId: row.organisation_id ?? null,
    profileImage: row.profile_image ?? null,
  };
}
