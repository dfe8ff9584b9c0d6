import {
  IDENTITY_LIMITS,
  profileImageBodySchema,
  uploadedFileParamsSchema,
  uploadedImageSchema,
  uploadTokenParamsSchema,
  uploadUrlSchema,
  userSchema,
} from '@yoman/contracts';
import { badRequest, notFound, payloadTooLarge, requireCaller, unauthenticated } from '@yoman/platform';
import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { runUserCommand } from '../user/user-commands';
import { readUser } from '../user/user-view';
import { imageContentOf, isAcceptedImageType } from './image-content';
import { uploadedFilePath, uploadTargetPath } from './upload-paths';
import { referencedUpload } from './upload-reference';
import {
  createUploadToken,
  findUserUpload,
  isUploadTokenOpen,
  readUploadedFile,
  storeUpload,
} from './upload-store';

const MAX_MB = IDENTITY_LIMITS.profileImageMaxBytes / (1024 * 1024);
const tooLarge = () => payloadTooLarge(`הקובץ גדול מדי. גודל מקסימלי: ${MAX_MB}MB`);
const notAnImage = () => badRequest('NOT_AN_IMAGE', 'נא לבחור קובץ תמונה בלבד (JPG או PNG)');
const closedUpload = () => notFound('קישור ההעלאה אינו תקף או שכבר נוצל');
const unknownImage = () => badRequest('UNKNOWN_IMAGE', 'התמונה לא נמצאה בין ההעלאות שלך');

/** Requests for a one-time upload URL and the choice of a profile image (signed-in callers only). */
export const profileImageRoutes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.platform;

  app.post('/profile/upload-url', { schema: { response: { 200: uploadUrlSchema } } }, async (request) => {
    const caller = requireCaller(request);
    const token = await createUploadToken(db, caller.userId, clock.now());
    return { uploadURL: uploadTargetPath(token) };
  });

  app.put(
    '/profile/image',
    { schema: { body: profileImageBodySchema, response: { 200: userSchema } } },
    async (request) => {
      const caller = requireCaller(request);
      const reference = referencedUpload(request.body.imageURL);
      const upload = reference && (await findUserUpload(db, caller.userId, reference));
      if (!upload?.fileName) throw unknownImage();
      const imageURL = uploadedFilePath(upload.fileName);
      const metadata = { now: clock.now() };
      const command = {
        type: 'ChangeProfileImage',
        data: { userId: caller.userId, imageURL },
        metadata,
      } as const;
      await runUserCommand(app.platform, command, caller);
      const user = await readUser(db, caller.userId);
      if (!user) throw unauthenticated();
      return user;
    },
  );
};

/**
 * The upload target and the stored files. The one-time token in the URL is what authorises a PUT (like a
 * presigned URL), so the client may send it with or without its cookie.
 */
export function uploadTargetRoutes(directory: string): FastifyPluginAsync {
  return async (scope) => {
    takeRawImageBodies(scope);
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const { db, clock } = app.platform;

    app.put(
      '/uploads/:token',
      { schema: { params: uploadTokenParamsSchema, response: { 200: uploadedImageSchema } } },
      async (request) => {
        const now = clock.now();
        if (!(await isUploadTokenOpen(db, request.params.token, now))) throw closedUpload();
        const declared = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (!isAcceptedImageType(declared) || !Buffer.isBuffer(request.body)) throw notAnImage();
        const image = await imageContentOf(request.body);
        if (!image) throw notAnImage();
        const token = request.params.token;
        const fileName = await storeUpload(db, directory, { token, bytes: request.body, image, now });
        if (!fileName) throw closedUpload();
        return { imageURL: uploadedFilePath(fileName) };
      },
    );

    app.get(
      '/uploads/files/:name',
      { schema: { params: uploadedFileParamsSchema } },
      async (request, reply) => {
        const file = await readUploadedFile(db, directory, request.params.name);
        if (!file) throw notFound('הקובץ לא נמצא');
        return reply
          .type(file.contentType)
          .header('cache-control', 'private, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .send(file.bytes);
      },
    );
  };
}

/**
 * In this scope every body arrives as raw bytes, up to the avatar limit; the handler decides by content.
 * A body over the limit is answered 413 with the limit in Hebrew (the parent handler formats it).
 */
function takeRawImageBodies(scope: FastifyInstance) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: IDENTITY_LIMITS.profileImageMaxBytes },
    (_request, body, done) => done(null, body),
  );
  scope.setErrorHandler((error: FastifyError) => {
    // Rethrown errors go on to the app's one error handler.
    throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge() : error;
  });
}
