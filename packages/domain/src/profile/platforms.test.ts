import { describe, expect, it } from 'vitest';
import {
  PLATFORM_MESSAGE,
  PlatformSubscriptionSchema,
  PlatformSubscriptionUpdateSchema,
  platformSubscription,
} from './platforms.ts';

describe('platform subscription (platform selection screen)', () => {
  it('lists the web app first, then the practice software, as {value, display}', () => {
    const answer = platformSubscription(null);
    expect(answer.selected_platform).toBeNull();
    expect(answer.platforms[0]).toEqual({ value: 'WEB', display: 'Referrals in the web browser' });
    expect(answer.platforms.map((p) => p.value)).toContain('BEST_PRACTICE');
    expect(PlatformSubscriptionSchema.parse(answer)).toEqual(answer);
  });

  it('answers the stored choice, and none for a code no longer in the list', () => {
    expect(platformSubscription('MEDICAL_DIRECTOR').selected_platform).toEqual({
      value: 'MEDICAL_DIRECTOR',
      display: 'MedicalDirector Clinical',
    });
    expect(platformSubscription('RETIRED_SYSTEM').selected_platform).toBeNull();
  });

  it('accepts only a code of the list', () => {
    expect(PlatformSubscriptionUpdateSchema.parse({ selected_platform: 'ZEDMED' })).toEqual({
      selected_platform: 'ZEDMED',
    });
    const refused = PlatformSubscriptionUpdateSchema.safeParse({ selected_platform: 'FAX' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(PLATFORM_MESSAGE);
  });
});
