import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/test/memory-storage';
import { forgetAccessSession, readAccessSession, writeAccessSession } from './access-session-storage';

describe('the verified session a tab keeps for each link', () => {
  it('is read back for its own link until it expires, then forgotten', () => {
    const storage = memoryStorage();
    writeAccessSession('link-a', { session: 's-1', expires_at: '2030-01-01T10:30:00Z' }, storage);
    expect(readAccessSession('link-a', Date.parse('2030-01-01T10:00:00Z'), storage)).toBe('s-1');
    expect(readAccessSession('link-b', Date.parse('2030-01-01T10:00:00Z'), storage)).toBeNull();
    expect(readAccessSession('link-a', Date.parse('2030-01-01T10:31:00Z'), storage)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('is forgotten when asked', () => {
    const storage = memoryStorage();
    writeAccessSession('link-a', { session: 's-1', expires_at: '2030-01-01T10:30:00Z' }, storage);
    forgetAccessSession('link-a', storage);
    expect(readAccessSession('link-a', 0, storage)).toBeNull();
  });

  it('drops an entry without a session and its expiry', () => {
    const storage = memoryStorage();
    storage.setItem('referrals.access-session.link-c', '{"session":"s-1"}');
    expect(readAccessSession('link-c', 0, storage)).toBeNull();
    expect(storage.getItem('referrals.access-session.link-c')).toBeNull();
  });
});
