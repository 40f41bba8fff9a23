import { describe, expect, it } from 'vitest';
import { callerChangeFeed } from '../../db/caller-changes.ts';
import { SessionCheckCache } from './session-check-cache.ts';

const row = (userId: string) => ({
  userId,
  lastActivity: new Date(),
  endedAt: null,
  expiryMinutes: null,
  account: {
    role: 'GP',
    sub_role: null,
    current_establishment_id: null,
    is_platform_admin: false,
    employments: [],
  },
});

/** A cache on a feed this test drives, as a database connection's notifications would. */
function cacheOnFeed(options: { capacity?: number; clock?: () => number } = {}) {
  const feed = callerChangeFeed();
  feed.listeningStarted();
  return {
    feed,
    cache: new SessionCheckCache<ReturnType<typeof row>>({ changes: feed.changes, ...options }),
  };
}

describe('the remembered session checks', () => {
  it('does not remember a read that a change raced: the change may have committed after the read', () => {
    const { feed, cache } = cacheOnFeed();
    const readSince = cache.beforeRead();
    feed.changed('session:other-grant');
    cache.remember('grant-1', row('ann'), readSince);
    expect(cache.recall('grant-1')).toBeUndefined();
    cache.remember('grant-1', row('ann'), cache.beforeRead());
    expect(cache.recall('grant-1')).toBeDefined();
  });

  it('forgets the session, every session of a user, or all, as the database names them', () => {
    const { feed, cache } = cacheOnFeed();
    const remember = (grantId: string, userId: string) =>
      cache.remember(grantId, row(userId), cache.beforeRead());
    remember('a1', 'ann');
    remember('a2', 'ann');
    remember('b1', 'bob');
    feed.changed('session:a1');
    expect([cache.recall('a1'), cache.recall('a2')]).toEqual([undefined, expect.anything()]);
    remember('a1', 'ann');
    feed.changed('user:ann');
    expect([cache.recall('a1'), cache.recall('a2'), cache.recall('b1')]).toEqual([
      undefined,
      undefined,
      expect.anything(),
    ]);
    feed.changed('all');
    expect(cache.size).toBe(0);
  });

  it('neither answers nor remembers while changes go unheard, and forgets all when they may have', () => {
    const { feed, cache } = cacheOnFeed();
    cache.remember('a1', row('ann'), cache.beforeRead());
    const readSince = cache.beforeRead();
    feed.listeningStopped();
    expect(cache.size).toBe(0);
    cache.remember('a1', row('ann'), cache.beforeRead());
    expect(cache.recall('a1')).toBeUndefined();
    feed.listeningStarted();
    // Read before listening resumed: a change in the gap may be in it.
    cache.remember('a1', row('ann'), readSince);
    expect(cache.recall('a1')).toBeUndefined();
  });

  it('keeps at most its capacity, dropping the longest remembered, and trusts a row a minute at most', () => {
    let now = 0;
    const { cache } = cacheOnFeed({ capacity: 2, clock: () => now });
    for (const grantId of ['a1', 'a2', 'a3']) cache.remember(grantId, row('ann'), cache.beforeRead());
    expect([cache.recall('a1'), cache.size]).toEqual([undefined, 2]);
    now = 60_001;
    expect(cache.recall('a3')).toBeUndefined();
  });

  it('hands out a frozen row, so no request can change what the next one is allowed', () => {
    const { cache } = cacheOnFeed();
    cache.remember('a1', row('ann'), cache.beforeRead());
    const remembered = cache.recall('a1');
    expect(() => remembered?.account.employments.push({} as never)).toThrow(TypeError);
  });
});
