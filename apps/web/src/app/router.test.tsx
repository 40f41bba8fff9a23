import { FEATURE_FLAG_DEFAULTS } from '@referrals/domain/feature-flags';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { SCROLL_POSITIONS_KEY } from './root-route';
import { createAppRouter } from './router';

describe('createAppRouter', () => {
  it('starts a page load at the top: the scroll positions kept over a reload are forgotten', () => {
    window.sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify({ default: 1150 }));
    // The maintenance table: no route loader asks the server anything.
    const router = createAppRouter({ ...FEATURE_FLAG_DEFAULTS, maintenance: true }, new QueryClient());
    router.dispose();
    expect(window.sessionStorage.getItem(SCROLL_POSITIONS_KEY)).toBeNull();
  });
});
