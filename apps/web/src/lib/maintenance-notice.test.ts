import { MAINTENANCE_DETAIL } from '@referrals/domain/api';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { isMaintenanceAnswer, noticeMaintenance, onMaintenanceNoticed } from './maintenance-notice';

describe('a call that finds the service down for maintenance', () => {
  it('is a 503 with the maintenance detail, not any 503', () => {
    expect(isMaintenanceAnswer(new ApiError(503, { detail: MAINTENANCE_DETAIL }, 300))).toBe(true);
    expect(isMaintenanceAnswer(new ApiError(503, { detail: 'The database is briefly unavailable.' }))).toBe(
      false,
    );
    expect(isMaintenanceAnswer(new ApiError(500, { detail: MAINTENANCE_DETAIL }))).toBe(false);
    expect(isMaintenanceAnswer(new Error(MAINTENANCE_DETAIL))).toBe(false);
  });

  it('is told to whoever listens, until they stop', () => {
    const listener = vi.fn();
    const stop = onMaintenanceNoticed(listener);
    noticeMaintenance();
    stop();
    noticeMaintenance();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
