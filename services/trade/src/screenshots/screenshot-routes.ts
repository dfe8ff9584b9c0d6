import { randomUUID } from 'node:crypto';
import { IdParams, ScreenshotUploaded, ScreenshotUploadLink } from '@yoman/contracts';
import { badRequest, conflict, notFound, payloadTooLarge, requireCaller } from '@yoman/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  findOwnUpload,
  findVisibleScreenshot,
  openScreenshotUpload,
  SCREENSHOT_MAX_BYTES,
  screenshotPathOf,
  screenshotTypeOf,
  storeScreenshot,
} from './screenshot-store';

const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'application/octet-stream'];
const TOO_LARGE = 'הקובץ גדול מדי. גודל מקסימלי: 5MB';
const alreadyUploaded = () =>
  conflict(
    'SCREENSHOT_ALREADY_UPLOADED',
    'צילום המסך כבר הועלה ולא ניתן להחליפו. להחלפה יש להעלות צילום חדש ולעדכן את העסקה',
  );

/**
 * Screenshot uploads: ask for a link, PUT the PNG or JPEG there (once: a filled slot never changes), then save its
 * URL on the trade, whose event records the image's SHA-256.
 */
export const screenshotRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // A little above the limit, so a slightly large file gets the specific Hebrew message below.
  app.addContentTypeParser(
    UPLOAD_TYPES,
    { parseAs: 'buffer', bodyLimit: SCREENSHOT_MAX_BYTES + 1024 * 1024 },
    (_r, body, done) => done(null, body),
  );

  app.post(
    '/screenshots/upload-url',
    { schema: { response: { 200: ScreenshotUploadLink } } },
    async (request) => {
      const caller = requireCaller(request);
      const id = randomUUID();
      await openScreenshotUpload(app.platform.db, caller, id);
      return { uploadURL: screenshotPathOf(id), screenshotUrl: screenshotPathOf(id) };
    },
  );

  app.put(
    '/screenshots/:id',
    { schema: { params: IdParams, response: { 200: ScreenshotUploaded } } },
    async (request) => {
      const caller = requireCaller(request);
      const { db, clock } = app.platform;
      if (!(await findOwnUpload(db, caller, request.params.id))) throw notFound('כתובת ההעלאה לא נמצאה');
      const content = request.body;
      if (!Buffer.isBuffer(content) || content.length === 0) {
        throw badRequest('INVALID_IMAGE', 'נא לבחור קובץ תמונה בלבד (PNG או JPG)');
      }
      if (content.length > SCREENSHOT_MAX_BYTES) throw payloadTooLarge(TOO_LARGE);
      const type = screenshotTypeOf(content);
      if (!type) throw badRequest('INVALID_IMAGE', 'נא לבחור קובץ תמונה בלבד (PNG או JPG)');
      const sha256 = await storeScreenshot(db, request.params.id, content, type, clock.now());
      if (!sha256) throw alreadyUploaded();
      return { screenshotUrl: screenshotPathOf(request.params.id), screenshotSha256: sha256 };
    },
  );

  app.get('/screenshots/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const caller = requireCaller(request);
    const screenshot = await findVisibleScreenshot(app.platform.db, caller, request.params.id);
    if (!screenshot) throw notFound('צילום המסך לא נמצא');
    return reply.type(screenshot.contentType).send(screenshot.content);
  });
};
