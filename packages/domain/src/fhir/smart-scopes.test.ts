import { describe, expect, it } from 'vitest';
import {
  allSmartScopes,
  isSmartResourceScope,
  parseSmartScope,
  smartScopesAllow,
  smartScopesWithin,
  SystemScopeSchema,
} from './smart-scopes.ts';

describe('SMART scopes', () => {
  it('reads v2 permissions in their order and v1 names as the same letters', () => {
    expect(parseSmartScope('system/ServiceRequest.rs')).toEqual({
      context: 'system',
      resourceType: 'ServiceRequest',
      permissions: ['r', 's'],
    });
    expect(parseSmartScope('user/*.read')?.permissions).toEqual(['r', 's']);
    expect(parseSmartScope('system/Task.write')?.permissions).toEqual(['c', 'u', 'd']);
    expect(parseSmartScope('system/Patient.*')?.permissions).toEqual(['c', 'r', 'u', 'd', 's']);
  });

  it('understands nothing it does not serve, nor letters out of order or repeated, nor queries', () => {
    for (const scope of [
      'system/Observation.rs',
      'system/ServiceRequest.sr',
      'system/ServiceRequest.rr',
      'system/ServiceRequest.',
      'system/ServiceRequest.rs?status=active',
      'group/Task.rs',
      'openid',
    ]) {
      expect(parseSmartScope(scope), scope).toBeNull();
    }
  });

  it('tells a scope that asks for FHIR data from the OpenID ones, understood or not', () => {
    expect(isSmartResourceScope('patient/Observation.rs')).toBe(true);
    expect(isSmartResourceScope('user/Task.r')).toBe(true);
    expect(isSmartResourceScope('offline_access')).toBe(false);
  });

  it('allows an interaction when a scope of the context names the type, or *, with the letter', () => {
    const scopes = ['system/ServiceRequest.rs', 'system/*.r', 'user/Patient.s'];
    expect(smartScopesAllow(scopes, 'system', 'ServiceRequest', 's')).toBe(true);
    expect(smartScopesAllow(scopes, 'system', 'Task', 'r')).toBe(true);
    expect(smartScopesAllow(scopes, 'system', 'Task', 's')).toBe(false);
    expect(smartScopesAllow(scopes, 'system', 'Patient', 's')).toBe(false);
    expect(smartScopesAllow(scopes, 'user', 'Patient', 's')).toBe(true);
    expect(smartScopesAllow(scopes, 'system', 'ServiceRequest', 'c')).toBe(false);
  });

  it('enumerates every scope of a context once', () => {
    const all = allSmartScopes('system');
    // 8 types (seven and *), 31 v2 permission sets and 3 v1 names each.
    expect(all).toHaveLength(8 * 34);
    expect(new Set(all).size).toBe(all.length);
    expect(all.every((scope) => parseSmartScope(scope)?.context === 'system')).toBe(true);
  });

  it('lets a holder ask for as much as it was granted or less, in either syntax, never more', () => {
    const within = smartScopesWithin(['system/ServiceRequest.rs', 'system/Task.r'], 'system');
    expect(within).toEqual(
      expect.arrayContaining([
        'system/ServiceRequest.rs',
        'system/ServiceRequest.read',
        'system/ServiceRequest.r',
        'system/Task.r',
      ]),
    );
    expect(within).not.toContain('system/Task.rs');
    expect(within).not.toContain('system/*.r');
    expect(within).not.toContain('system/ServiceRequest.crs');
    expect(smartScopesWithin(['system/*.rs'], 'system')).toContain('system/Patient.read');
  });

  it('takes only system scopes for a backend service', () => {
    expect(SystemScopeSchema.safeParse('system/Task.rs').success).toBe(true);
    expect(SystemScopeSchema.safeParse('system/*.read').success).toBe(true);
    expect(SystemScopeSchema.safeParse('user/Task.rs').success).toBe(false);
    expect(SystemScopeSchema.safeParse('system/Observation.rs').success).toBe(false);
  });
});
