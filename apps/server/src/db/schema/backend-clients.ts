import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PublicJwks } from '@referrals/domain/establishments/backend-client-schemas';
import { establishments } from './establishments.ts';
import { users } from './people.ts';

/**
 * A backend service an establishment registered (SMART Backend Services; docs/interop.md): another system
 * that signs in at the token endpoint with a JWT signed by its private key (private_key_jwt), whose public
 * keys are kept here, and then reads the FHIR API as the establishment within the scopes granted. Never
 * deleted while the establishment lasts: a revoked client keeps its row, so the audit's client ids stay
 * explained.
 */
export const backendClients = pgTable(
  'backend_clients',
  {
    // Text, not uuid: the sign-in looks up whatever client_id an assertion names, and a uuid column would
    // fail on one that is no uuid instead of finding nothing.
    client_id: text('client_id').primaryKey(),
    // The clients are the establishment's settings: they go with it.
    establishment_id: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The client's public keys (RS384 or ES384), a JWK set without any private member. */
    jwks: jsonb('jwks').$type<PublicJwks>().notNull(),
    /** The system scopes granted (system/ServiceRequest.rs, ...): the most a token of the client may carry. */
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    created_by_id: uuid('created_by_id').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    revoked_by_id: uuid('revoked_by_id').references(() => users.id),
  },
  (t) => [index('backend_clients_establishment_idx').on(t.establishment_id, t.created_at.desc())],
);
