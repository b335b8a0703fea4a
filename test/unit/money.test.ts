import { describe, expect, it } from '@jest/globals';
import { formatMinor, formatQuantity, hasAtMostDecimals, toMinor, toQuantityUnits } from '../../src/domain/shared/money.js';

describe('money', () => {
  it('parses and formats without floating-point error', () => {
    expect(toMinor('12.50')).toBe(1250);
    expect(toMinor(19.99)).toBe(1999);
    expect(toMinor(0.07)).toBe(7);
    expect(toMinor('-3.2')).toBe(-320);
    expect(formatMinor(1999)).toBe('19.99');
    expect(formatMinor(-5)).toBe('-0.05');
    expect(formatMinor(toMinor(0.1) + toMinor(0.2))).toBe('0.30');
  });

  it('handles stock quantities with four decimals', () => {
    expect(toQuantityUnits('3.5')).toBe(35000);
    expect(formatQuantity(toQuantityUnits('10.0000') - toQuantityUnits(0.0001))).toBe('9.9999');
    expect(formatQuantity(-2500)).toBe('-0.2500');
  });

  it('tells how many decimals a value has', () => {
    expect(hasAtMostDecimals(12.5, 2)).toBe(true);
    expect(hasAtMostDecimals(12.505, 2)).toBe(false);
    expect(hasAtMostDecimals('1.00001', 4)).toBe(false);
  });
});
