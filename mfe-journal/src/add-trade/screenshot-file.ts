import { he } from '../i18n';

/** The screenshot limit shown in the drop zone and enforced again by the server (spec §9). */
export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

/**
 * Checks a dropped file by its first bytes (a renamed file is refused) and its size; answers the Hebrew reason
 * when refused, null when it may be uploaded.
 */
export async function screenshotProblem(file: Blob): Promise<string | null> {
  if (file.size > SCREENSHOT_MAX_BYTES) return he.addTrade.screenshotTooBig;
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (startsWith(head, PNG_SIGNATURE) || startsWith(head, JPEG_SIGNATURE)) return null;
  return he.addTrade.screenshotWrongType;
}
