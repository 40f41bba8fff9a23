/** What the BMI helper shows when it cannot compute (section 5 BMI helper). */
export const BMI_NOT_AVAILABLE = 'NA';

/** A positive finite number from a form value, or undefined. */
function positiveNumber(value: number | string | null | undefined): number | undefined {
  if (value == null) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value.trim());
  return Number.isFinite(number) && number > 0 ? number : undefined;
}

/**
 * BMI = weight (kg) / height (m)^2, to 1 decimal, or 'NA' when an input is not a positive number
 * (section 5 BMI helper). Height is taken in centimetres, the unit Australian clinical forms record,
 * and converted to metres here. A zero or negative weight is 'NA' as well: it is not a measurement.
 */
export function calculateBmi(
  weightKg: number | string | null | undefined,
  heightCm: number | string | null | undefined,
): string {
  const weight = positiveNumber(weightKg);
  const height = positiveNumber(heightCm);
  if (weight === undefined || height === undefined) return BMI_NOT_AVAILABLE;
  const metres = height / 100;
  const bmi = weight / (metres * metres);
  // Round on the tenths before formatting; toFixed alone rounds some binary halves (22.45) down.
  return (Math.round(bmi * 10) / 10).toFixed(1);
}
