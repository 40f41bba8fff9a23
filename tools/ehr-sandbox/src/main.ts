import { z } from 'zod';
import { startEhrSandbox } from './index.ts';

const url = z.url({ protocol: /^https?$/ });
const ConfigSchema = z.object({
  EHR_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  REFERRALS_URL: url.default('http://localhost:3000'),
  EHR_SANDBOX_REDIRECT_URIS: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((uri) => uri.trim())
        .filter(Boolean),
    )
    .pipe(z.array(url).min(1))
    .optional(),
});

const parsed = ConfigSchema.safeParse(process.env);
if (!parsed.success) {
  console.error('The sandbox clinical record cannot start:');
  for (const issue of parsed.error.issues) console.error(`  ${issue.path.join('.')}: ${issue.message}`);
  process.exit(1);
}
const config = parsed.data;
const referralsUrl = config.REFERRALS_URL.replace(/\/+$/, '');

const sandbox = await startEhrSandbox({
  port: config.EHR_SANDBOX_PORT,
  referralsUrl,
  redirectUris: config.EHR_SANDBOX_REDIRECT_URIS ?? [`${referralsUrl}/`],
});
console.log(`Sandbox clinical record: ${sandbox.origin}/`);
console.log(`  FHIR base (iss):  ${sandbox.fhirBaseUrl}`);
console.log(`  Sign in as:       gp@demo.test / sandbox`);
console.log(`  Launches open:    ${referralsUrl}/`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void sandbox.close().then(() => process.exit(0)));
}
