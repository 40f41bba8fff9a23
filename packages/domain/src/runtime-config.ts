import { z } from 'zod';

/**
 * What the server tells the web app at start-up, embedded in index.html as
 * `<script id="referrals-config" type="application/json">`, so that feature flags and the support address
 * can be changed by environment at start without rebuilding the web app (architecture.md, Feature flags).
 */
export const RuntimeConfigSchema = z.object({
  flags: z.record(z.string(), z.boolean()),
  support_email: z.string(),
  version: z.string(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;

/** The element id the server fills and the web app reads. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'referrals-config';
/** The placeholder in the built index.html that the server replaces. */
export const RUNTIME_CONFIG_PLACEHOLDER = '<!--referrals-runtime-config-->';
