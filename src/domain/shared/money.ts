// Money is numeric(12,2) in PostgreSQL, integer minor units (cents) here, and a decimal string with
// two decimals on the wire. Stock quantities are numeric(14,4), integer ten-thousandths here, and
// decimal strings with four decimals on the wire. No floating-point arithmetic on either.

// What PostgreSQL sends for numeric(p, scale): digits, a point and exactly `scale` decimals.
const CANONICAL = [
  /^-?\d{1,15}$/,
  /^-?\d{1,14}\.\d$/,
  /^-?\d{1,13}\.\d\d$/,
  /^-?\d{1,12}\.\d\d\d$/,
  /^-?\d{1,11}\.\d{4}$/,
];

const parseScaled = (value: string | number, scale: number): number => {
  // The common case, a column's own text: the digits without the point are the units.
  if (typeof value === 'string' && CANONICAL[scale]!.test(value)) {
    return scale === 0 ? Number(value) : Number(value.slice(0, -scale - 1) + value.slice(-scale));
  }
  // A number that is exactly the double of a value with `scale` decimals (12.5, a numeric inside a
  // JSON aggregate): its units, found without text. Anything else takes the decimal path below.
  if (typeof value === 'number') {
    const units = Math.round(value * 10 ** scale);
    if (Number.isSafeInteger(units) && units / 10 ** scale === value)
      return units === 0 ? 0 : units;
  }
  const text = typeof value === 'number' ? value.toFixed(scale + 2) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`Not a decimal: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  const padded = (fraction + '0'.repeat(scale + 1)).slice(0, scale + 1);
  // Round half away from zero on the first dropped digit.
  const units =
    Number(whole) * 10 ** scale +
    Number(padded.slice(0, scale) || '0') +
    (Number(padded[scale]) >= 5 ? 1 : 0);
  return sign ? -units : units;
};

const formatScaled = (units: number, scale: number): string => {
  if (!Number.isSafeInteger(units)) throw new Error(`Amount out of range: ${units}`);
  const sign = units < 0 ? '-' : '';
  const abs = Math.abs(units);
  const divisor = 10 ** scale;
  return `${sign}${Math.floor(abs / divisor)}.${String(abs % divisor).padStart(scale, '0')}`;
};

/** "12.50" or 12.5 -> 1250 */
export const toMinor = (value: string | number): number => parseScaled(value, 2);
/** 1250 -> "12.50" */
export const formatMinor = (minor: number): string => formatScaled(minor, 2);
// An amount already in its wire form: what formatMinor writes (no leading zeros, two decimals).
const WIRE_MONEY = /^-?(?:0|[1-9]\d{0,12})\.\d\d$/;

/**
 * An amount in its wire form: formatMinor(toMinor(value)), with a column's own text (the usual
 * case when a row becomes a view) passed through as it is.
 */
export const normalizeMoney = (value: string | number): string =>
  typeof value === 'string' && WIRE_MONEY.test(value) && value !== '-0.00'
    ? value
    : formatMinor(toMinor(value));

/** Exactly representable with two decimals (12.5 yes, 12.505 no). */
export const hasAtMostDecimals = (value: number | string, decimals: number): boolean => {
  const text = typeof value === 'number' ? String(value) : value;
  if (/e/i.test(text)) return false;
  const fraction = text.split('.')[1] ?? '';
  return fraction.length <= decimals;
};

/** "3.5" -> 35000 (ten-thousandths) */
export const toQuantityUnits = (value: string | number): number => parseScaled(value, 4);
/** 35000 -> "3.5000" */
export const formatQuantity = (units: number): string => formatScaled(units, 4);
