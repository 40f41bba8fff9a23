import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { uploadFailureMessage } from './upload-failure';

describe('the message of a failed upload', () => {
  it('adds the server’s reason: the file’s message of a 400 or a 413, else the detail', () => {
    expect(uploadFailureMessage(new ApiError(400, { file: ['Upload a PDF.'] }))).toBe(
      'Error uploading attachment. Upload a PDF.',
    );
    expect(uploadFailureMessage(new ApiError(413, { file: ['The file is larger than 5 MB.'] }))).toBe(
      'Error uploading attachment. The file is larger than 5 MB.',
    );
    expect(uploadFailureMessage(new ApiError(404, { detail: 'Not found.' }))).toBe(
      'Error uploading attachment. Not found.',
    );
    expect(uploadFailureMessage(new Error('offline'))).toBe('Error uploading attachment.');
  });
});
