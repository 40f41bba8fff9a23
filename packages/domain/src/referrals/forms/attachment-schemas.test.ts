import { describe, expect, it } from 'vitest';
import { attachmentWriteRefusal } from './attachment-schemas.ts';

describe('who may change which attachment list (section 7 Attachments)', () => {
  it('gives referrer attachments to the sender while a draft, supplementary ones once submitted', () => {
    expect(attachmentWriteRefusal('referrer', 'sender', 'DRFT')).toBeNull();
    expect(attachmentWriteRefusal('referrer', 'sender', 'SBMT')).toBe('status');
    expect(attachmentWriteRefusal('supplementary', 'sender', 'SBMT')).toBeNull();
    expect(attachmentWriteRefusal('supplementary', 'sender', 'DRFT')).toBe('status');
  });

  it('gives receiver and reschedule attachments to the receiver, and nothing to a shared reader', () => {
    expect(attachmentWriteRefusal('receiver', 'receiver', 'VWD')).toBeNull();
    expect(attachmentWriteRefusal('reschedule', 'receiver', 'SCHDL')).toBeNull();
    expect(attachmentWriteRefusal('receiver', 'sender', 'VWD')).toBe('side');
    expect(attachmentWriteRefusal('supplementary', 'shared', 'SBMT')).toBe('side');
  });

  it('lets nobody in the app change what the patient sent through an access link', () => {
    for (const side of ['sender', 'receiver', 'shared'] as const) {
      expect(attachmentWriteRefusal('patient', side, 'SBMT')).toBe('side');
    }
  });
});
