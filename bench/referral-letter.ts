// The referral letter PDF (GET referrals/{id}/pdf/): renders a realistic two-page letter 20 times to warm
// up, then 200 times one after another, and prints p50, p99 and letters per second; asserts nothing. The
// goal is well under 100 ms a letter once warm. Only the renderer is timed: no database, no HTTP.
import { renderReferralLetter } from '../apps/server/src/modules/referrals/letter/referral-letter.ts';
import { sampleReferralLetter } from '../apps/server/src/modules/referrals/letter/sample-referral-letter.ts';

const warmUps = 20;
const runs = Number(process.env.BENCH_RUNS ?? 200);

const letter = sampleReferralLetter();
let bytes = 0;
for (let i = 0; i < warmUps; i += 1) bytes = (await renderReferralLetter(letter)).length;

const timings: number[] = [];
const started = performance.now();
for (let i = 0; i < runs; i += 1) {
  const begun = performance.now();
  await renderReferralLetter(letter);
  timings.push(performance.now() - begun);
}
const seconds = (performance.now() - started) / 1000;
timings.sort((a, b) => a - b);
const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]?.toFixed(1);
console.log(`referral letter PDF (${(bytes / 1024).toFixed(1)} KB, ${runs} renders after ${warmUps} to warm up):
  p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ${Math.round(runs / seconds)} letters/s`);
