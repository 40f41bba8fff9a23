import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP-recommended minimum (19 MiB, 2 passes): ~30 ms here, slow for guessing.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** An argon2id hash of the password, with its salt and parameters in the string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Checked against when an account does not exist, so a wrong email costs as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/** Whether the password matches; a missing hash still spends the time of a real check. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  decoyHash ??= hashPassword('not-a-real-password');
  const target = passwordHash ?? (await decoyHash);
  const matches = await verify(target, password).catch(() => false);
  return passwordHash !== null && matches;
}
