import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/test/memory-storage';
import { forgetDraftSession, readDraftSession, writeDraftSession } from './draft-session-storage';

describe("the tab's portal draft", () => {
  it('is kept per establishment until forgotten', () => {
    const storage = memoryStorage();
    expect(readDraftSession('est-1', storage)).toBeNull();
    writeDraftSession({ establishmentId: 'est-1', id: 'draft-1', token: 'secret' }, storage);
    expect(storage.getItem('referrals.portal-draft.est-1')).toBe('{"id":"draft-1","token":"secret"}');
    expect(readDraftSession('est-1', storage)).toEqual({
      establishmentId: 'est-1',
      id: 'draft-1',
      token: 'secret',
    });
    expect(readDraftSession('est-2', storage)).toBeNull();
    forgetDraftSession('est-1', storage);
    expect(readDraftSession('est-1', storage)).toBeNull();
  });

  it('drops an entry without a draft and its secret', () => {
    const storage = memoryStorage();
    storage.setItem('referrals.portal-draft.est-1', '{"id":"draft-1"}');
    expect(readDraftSession('est-1', storage)).toBeNull();
    expect(storage.length).toBe(0);
  });
});
