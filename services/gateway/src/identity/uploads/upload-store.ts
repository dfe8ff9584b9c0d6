import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IN_MEMORY_DATA_DIR } from '@yoman/platform';
import type { Knex } from 'knex';
import { Duration } from 'luxon';
import type { ImageContent } from './image-content';
import { STORED_FILE_NAME } from './upload-paths';

/** How long an upload URL may be used after it was handed out. */
export const UPLOAD_URL_LIFETIME = Duration.fromObject({ minutes: 15 });

/** Where uploaded files live: DATA_DIR/uploads, or a private temporary folder for an in-memory install. */
export function uploadsDirectoryOf(dataDir: string): string {
  if (dataDir.startsWith(IN_MEMORY_DATA_DIR)) return mkdtempSync(join(tmpdir(), 'yoman-uploads-'));
  return join(dataDir, 'uploads');
}

export interface StoredUpload {
  token: string;
  userId: string;
  fileName: string | null;
  contentType: string | null;
}

/** Hands out a one-time upload token for one user. */
export async function createUploadToken(db: Knex, userId: string, now: Date): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + UPLOAD_URL_LIFETIME.toMillis());
  await db('profile_uploads').insert({ token, user_id: userId, created_at: now, expires_at: expiresAt });
  return token;
}

/** Whether the token can still receive its one file. */
export async function isUploadTokenOpen(db: Knex, token: string, now: Date): Promise<boolean> {
  const row = await db('profile_uploads')
    .where({ token })
    .whereNull('uploaded_at')
    .where('expires_at', '>', now)
    .first('token');
  return Boolean(row);
}

/**
 * Writes the file under a generated name and closes the token; answers the name, or null when the token was
 * used or expired in the meantime (then nothing is kept).
 */
export async function storeUpload(
  db: Knex,
  directory: string,
  input: { token: string; bytes: Buffer; image: ImageContent; now: Date },
): Promise<string | null> {
  const fileName = `${randomUUID()}.${input.image.extension}`;
  await mkdir(directory, { recursive: true });
  const path = join(directory, fileName);
  await writeFile(path, input.bytes, { flag: 'wx' });
  const claimed = await db('profile_uploads')
    .where({ token: input.token })
    .whereNull('uploaded_at')
    .where('expires_at', '>', input.now)
    .update({
      file_name: fileName,
      content_type: input.image.mime,
      size_bytes: input.bytes.length,
      uploaded_at: input.now,
    });
  if (claimed === 0) {
    await rm(path, { force: true });
    return null;
  }
  return fileName;
}

/** The stored upload of one user named by its file name or by its token, or null. */
export async function findUserUpload(
  db: Knex,
  userId: string,
  reference: { fileName: string } | { token: string },
): Promise<StoredUpload | null> {
  const where = 'fileName' in reference ? { file_name: reference.fileName } : { token: reference.token };
  const row = await db('profile_uploads')
    .where({ ...where, user_id: userId })
    .whereNotNull('uploaded_at')
    .first();
  return row ? fromRow(row) : null;
}

/** A stored file by its name, with its bytes; null when no upload has that name. */
export async function readUploadedFile(
  db: Knex,
  directory: string,
  fileName: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  if (!STORED_FILE_NAME.test(fileName)) return null;
  const row = await db('profile_uploads').where({ file_name: fileName }).first('content_type');
  if (!row) return null;
  try {
    return { contentType: row.content_type, bytes: await readFile(join(directory, fileName)) };
  } catch {
    return null;
  }
}

function fromRow(row: {
  token: string;
  user_id: string;
  file_name: string | null;
  content_type: string | null;
}) {
  return { token: row.token, userId: row.user_id, fileName: row.file_name, contentType: row.content_type };
}
