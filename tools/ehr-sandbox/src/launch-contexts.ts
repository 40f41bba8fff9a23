import { randomBytes } from 'node:crypto';

/** What the record system knew when the practitioner pressed "Launch Referrals". */
export type LaunchContext = { patientId: string | null; practitionerId: string };

export type LaunchContexts = {
  create(context: LaunchContext): string;
  find(launch: string): LaunchContext | undefined;
  /** The patient in context for the tokens of one grant (null: the launch had none). */
  rememberGrant(grantId: string, patientId: string | null): void;
  patientOfGrant(grantId: string): string | null | undefined;
};

/**
 * Launch contexts by their opaque `launch` id, and the patient each sign-in grant was given, kept in memory
 * for the life of the sandbox. A launch id can be used again, as when the browser goes back and relaunches.
 */
export function createLaunchContexts(): LaunchContexts {
  const launches = new Map<string, LaunchContext>();
  const grantPatients = new Map<string, string | null>();
  return {
    create(context) {
      const launch = randomBytes(16).toString('base64url');
      launches.set(launch, context);
      return launch;
    },
    find: (launch) => launches.get(launch),
    rememberGrant: (grantId, patientId) => void grantPatients.set(grantId, patientId),
    patientOfGrant: (grantId) => grantPatients.get(grantId),
  };
}
