import { UserFacingApiError } from '@uppy/utils';
import { describe, expect, it } from 'vitest';
import { ServerRefusal, serverUploadMessage } from './upload-error';

const quota = 'You have used your 200 MB of storage. Delete documents you no longer need to upload more.';

describe('serverUploadMessage', () => {
  it("passes on the companion routes' 413 message (quota, size), as @uppy/companion-client hands it over", () => {
    expect(serverUploadMessage('cv.pdf', new UserFacingApiError(quota))).toBe(quota);
  });

  it("passes on the confirmation's message", () => {
    expect(serverUploadMessage('cv.pdf', new ServerRefusal('cv.pdf is larger than announced.'))).toBe(
      'cv.pdf is larger than announced.',
    );
  });

  it("answers a storage PUT's 413 with the spec's size message", () => {
    const error = Object.assign(new Error('Non 2xx'), { source: { status: 413 } });
    expect(serverUploadMessage('big.pdf', error)).toBe('big.pdf exceeds maximum allowed size of 10 MB');
  });

  it("leaves Uppy's generic failures to the caller", () => {
    const error = Object.assign(new Error('Non 2xx'), { source: { status: 500 } });
    expect(serverUploadMessage('cv.pdf', error)).toBeUndefined();
    expect(serverUploadMessage('cv.pdf', new Error('Unknown error'))).toBeUndefined();
    expect(serverUploadMessage('cv.pdf', 'nope')).toBeUndefined();
  });
});
