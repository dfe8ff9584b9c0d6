import { describe, expect, it } from 'vitest';
import { imageContentOf } from './image-content';
import { TINY_JPEG, TINY_PNG } from './sample-images';

describe('image content check', () => {
  it('recognises a PNG by its bytes', async () => {
    expect(await imageContentOf(TINY_PNG)).toEqual({ mime: 'image/png', extension: 'png' });
  });

  it('recognises a JPEG by its bytes', async () => {
    expect(await imageContentOf(TINY_JPEG)).toEqual({ mime: 'image/jpeg', extension: 'jpg' });
  });

  it('refuses text, whatever it is called', async () => {
    expect(await imageContentOf(Buffer.from('not really a picture.png'))).toBeNull();
  });

  it('refuses other image types such as GIF', async () => {
    expect(await imageContentOf(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))).toBeNull();
  });

  it('refuses an empty body', async () => {
    expect(await imageContentOf(new Uint8Array())).toBeNull();
  });
});
