import { describe, expect, it } from 'vitest';
import { referencedUpload } from './upload-reference';

const name = '0b6f3a52-7c1e-4d0a-9a8e-2f4b6c8d0e1f.png';
const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('image URLs naming an upload', () => {
  it('reads the served file URL, relative or absolute', () => {
    expect(referencedUpload(`/api/uploads/files/${name}`)).toEqual({ fileName: name });
    expect(referencedUpload(`http://localhost:3000/api/uploads/files/${name}`)).toEqual({ fileName: name });
  });

  it('reads the upload URL the client was given', () => {
    expect(referencedUpload(`/api/uploads/${token}`)).toEqual({ token });
  });

  it('names nothing for other URLs', () => {
    expect(referencedUpload('https://example.com/me.png')).toBeNull();
    expect(referencedUpload('/api/uploads/files/../../etc/passwd')).toBeNull();
    expect(referencedUpload('/api/uploads/files/evil.svg')).toBeNull();
    expect(referencedUpload('http://[bad')).toBeNull();
  });
});
