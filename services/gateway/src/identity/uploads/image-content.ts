import { fileTypeFromBuffer } from 'file-type';

/** Image types a profile picture may have, with the extension its stored file gets. */
const ACCEPTED_IMAGES = { 'image/jpeg': 'jpg', 'image/png': 'png' } as const;

export type AcceptedImageType = keyof typeof ACCEPTED_IMAGES;

export interface ImageContent {
  mime: AcceptedImageType;
  extension: (typeof ACCEPTED_IMAGES)[AcceptedImageType];
}

export const isAcceptedImageType = (mime: string): mime is AcceptedImageType =>
  Object.hasOwn(ACCEPTED_IMAGES, mime);

/** The JPEG or PNG the bytes really are (by their signature, whatever name or header came with them), or null. */
export async function imageContentOf(bytes: Uint8Array): Promise<ImageContent | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !isAcceptedImageType(detected.mime)) return null;
  return { mime: detected.mime, extension: ACCEPTED_IMAGES[detected.mime] };
}
