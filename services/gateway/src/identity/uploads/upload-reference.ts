import { STORED_FILE_NAME } from './upload-paths';

const TARGET_PATH = /^\/api\/uploads\/([A-Za-z0-9_-]{16,200})$/;
const FILE_PATH = /^\/api\/uploads\/files\/([^/]+)$/;

/**
 * Which upload an image URL names: the client may send back the upload URL it was given or the URL the
 * upload target answered, relative or absolute. Anything else names no upload.
 */
export function referencedUpload(imageURL: string): { fileName: string } | { token: string } | null {
  let path: string;
  try {
    path = new URL(imageURL, 'http://yoman.invalid').pathname;
  } catch {
    return null;
  }
  const file = FILE_PATH.exec(path);
  if (file) return STORED_FILE_NAME.test(file[1]!) ? { fileName: file[1]! } : null;
  const target = TARGET_PATH.exec(path);
  return target ? { token: target[1]! } : null;
}
