/** Counter text: the number itself up to the cap, '<cap>+' above it, e.g. 999+ and 99+ (sections 2 Layout, 9). */
export function capCount(count: number, cap: number): string {
  // A missing or nonsensical count (NaN, negative) would otherwise render as 'NaN' in a badge.
  if (!Number.isFinite(count) || count < 0) return '0';
  const whole = Math.trunc(count);
  return whole > cap ? `${cap}+` : String(whole);
}
