import { describe, expect, it } from 'vitest';
import { SCREENSHOT_MAX_BYTES, screenshotProblem } from './screenshot-file';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

describe('screenshotProblem', () => {
  it('accepts PNG and JPEG by their content', async () => {
    expect(await screenshotProblem(new Blob([png], { type: 'image/png' }))).toBeNull();
    expect(await screenshotProblem(new Blob([jpeg]))).toBeNull();
  });

  it('refuses a renamed text file even with an image type', async () => {
    expect(await screenshotProblem(new Blob(['hello'], { type: 'image/png' }))).toBe(
      'נא לבחור קובץ PNG או JPG בלבד',
    );
  });

  it('refuses anything above 5 MB', async () => {
    const big = new Blob([png, new Uint8Array(SCREENSHOT_MAX_BYTES)]);
    expect(await screenshotProblem(big)).toBe('הקובץ גדול מדי. גודל מקסימלי: 5MB');
  });
});
