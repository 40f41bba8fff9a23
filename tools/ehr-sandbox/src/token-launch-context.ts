import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { LaunchContexts } from './launch-contexts.ts';

/**
 * SMART puts the launch context beside the access token in the token response (SMART App Launch 2.0,
 * Launch context arrives with your access_token): the patient of the launch or the one picked at sign-in,
 * and no need for the app's own patient banner, as the record system shows its own.
 */
export function addLaunchContextToTokens(provider: Provider, launches: LaunchContexts): void {
  provider.use(async (ctx, next) => {
    await next();
    const { oidc } = ctx as Partial<KoaContextWithOIDC>;
    if (oidc?.route !== 'token' || ctx.status !== 200) return;
    const grantId = oidc.entities.Grant?.jti;
    const patientId = grantId ? launches.patientOfGrant(grantId) : undefined;
    ctx.body = {
      ...(ctx.body as Record<string, unknown>),
      ...(patientId ? { patient: patientId } : {}),
      need_patient_banner: false,
    };
  });
}
