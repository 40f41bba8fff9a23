// `npm run bench`: every benchmark in turn. Each prints its own figures.
await import('./inbox-page.ts');
await import('./patient-search.ts');
await import('./referral-lists.ts');
await import('./report-lists.ts');
await import('./referral-letter.ts');
await import('./referral-writes.ts');
await import('./analytics.ts');
await import('./signed-in-request.ts');
export {};
