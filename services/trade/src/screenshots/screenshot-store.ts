import { createHash } from 'node:crypto';
import { IMAGE_LIMITS } from '@yoman/contracts';
import { badRequest, type Caller } from '@yoman/platform';
import type { Knex } from 'knex';
import type { ScreenshotEvidence } from '../trades/decider';

/** The largest screenshot accepted (spec §9: PNG or JPG up to 5MB). */
export const SCREENSHOT_MAX_BYTES = IMAGE_LIMITS.screenshotMaxBytes;

export type ScreenshotType = 'image/png' | 'image/jpeg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type read from the file's own bytes (never from its name or the request header). */
export function screenshotTypeOf(content: Buffer): ScreenshotType | undefined {
  if (content.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png';
  if (content.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'image/jpeg';
  return undefined;
}

/** The path a screenshot is uploaded to and served from. */
export const screenshotPathOf = (id: string) => `/api/screenshots/${id}`;

const SCREENSHOT_PATH =
  /^\/api\/screenshots\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Opens an upload slot for the caller; the image arrives with the PUT to its path. */
export async function openScreenshotUpload(db: Knex, caller: Caller, id: string): Promise<void> {
  await db('trade_screenshots').insert({
    id,
    user_id: caller.userId,
    organisation_id: caller.organisationId,
  });
}

/** The caller's upload slot, if it is theirs. */
export async function findOwnUpload(db: Knex, caller: Caller, id: string) {
  return db('trade_screenshots').where({ id, user_id: caller.userId }).first('id');
}

/** The SHA-256 of a screenshot's bytes, as lowercase hex. */
export const sha256Of = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/**
 * Fills an empty upload slot with the image and its SHA-256; answers the hash, or undefined when the slot was
 * already filled (evidence is written once: a new image is a new slot). One statement, so two uploads racing
 * for a slot cannot both win.
 */
export async function storeScreenshot(
  db: Knex,
  id: string,
  content: Buffer,
  type: ScreenshotType,
  now: Date,
): Promise<string | undefined> {
  const sha256 = sha256Of(content);
  const filled = await db('trade_screenshots')
    .where({ id })
    .whereNull('content')
    .update({ content, content_type: type, size_bytes: content.length, sha256, uploaded_at: now });
  return filled > 0 ? sha256 : undefined;
}

/** A stored screenshot the caller may see: their own, or (for a mentor) one of their organisation's. */
export async function findVisibleScreenshot(db: Knex, caller: Caller, id: string) {
  const row:
    | {
        user_id: string;
        organisation_id: string | null;
        content: Buffer | Uint8Array | null;
        content_type: string | null;
      }
    | undefined = await db('trade_screenshots')
    .where({ id })
    .first('user_id', 'organisation_id', 'content', 'content_type');
  if (!row?.content || !row.content_type) return undefined;
  const mentorOfOwner =
    caller.role === 'mentor' &&
    caller.organisationId !== null &&
    caller.organisationId === row.organisation_id;
  if (row.user_id !== caller.userId && !mentorOfOwner) return undefined;
  return { content: Buffer.from(row.content), contentType: row.content_type };
}

/**
 * The screenshot a trade may carry: none, or an image the caller uploaded, with the hash computed when it was.
 * Anything else is refused, so a trade cannot claim a screenshot it does not have.
 */
export async function ownScreenshot(
  db: Knex,
  caller: Caller,
  url: string | null,
): Promise<ScreenshotEvidence | null> {
  if (url === null) return null;
  const id = SCREENSHOT_PATH.exec(url)?.[1];
  const row: { sha256: string } | undefined = id
    ? await db('trade_screenshots')
        .where({ id, user_id: caller.userId })
        .whereNotNull('content')
        .first('sha256')
    : undefined;
  if (!row) {
    const message = 'צילום המסך לא נמצא: יש להעלות אותו שוב';
    throw badRequest('INVALID_SCREENSHOT', message, [{ path: ['screenshotUrl'], message }]);
  }
  return { screenshotUrl: url, screenshotSha256: row.sha256 };
}
