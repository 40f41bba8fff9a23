import type { FastifyInstance } from 'fastify';
import type { Response } from 'light-my-request';
import type { Queryable } from '../../db/database.ts';
import { createEmployment, createUser, type User } from '../../db/factories/factories.ts';
import type { employments, users } from '../../db/schema/people.ts';
import { SignInClient } from '../../../test/sign-in-client.ts';
import { hashPassword } from '../auth/passwords.ts';

/** Test support for the establishment tests: signed-in people with an employment where a test needs one. */

const PASSWORD = 'establishment-test-password';
let passwordHash: Promise<string> | undefined;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Person = {
  user: User;
  token: string;
  api: (method: Method, url: string, payload?: object) => Promise<Response>;
};

export async function signedInPerson(
  app: FastifyInstance,
  db: Queryable,
  options: {
    user?: Partial<typeof users.$inferInsert>;
    /** An employment at this establishment (approved, primary, unless `employment` says otherwise). */
    at?: string;
    employment?: Partial<typeof employments.$inferInsert>;
  } = {},
): Promise<Person> {
  passwordHash ??= hashPassword(PASSWORD);
  const user = await createUser(db, { password_hash: await passwordHash, ...options.user });
  if (options.at) {
    await createEmployment(db, { user_id: user.id, establishment_id: options.at, ...options.employment });
  }
  const signIn = await new SignInClient(app).signIn(user.email, PASSWORD);
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed with ${signIn.statusCode}`);
  const token = String(signIn.json<{ access_token: string }>().access_token);
  const api: Person['api'] = (method, url, payload) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  return { user, token, api };
}

/** A body for POST/PUT establishments/ with what every test needs and `overrides` on top. */
export function establishmentBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Bayside Family Clinic',
    type: 'CL',
    address1: '12 Ocean Street',
    city: 'Bondi',
    state: 'NSW',
    postcode: '2026',
    email: 'hello@bayside.example',
    accepts_join_requests: true,
    services: ['ADULT'],
    ...overrides,
  };
}
