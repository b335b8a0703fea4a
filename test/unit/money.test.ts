import { describe, expect, it } from '@jest/globals';
import {
  formatMinor,
  formatQuantity,
  hasAtMostDecimals,
  normalizeMoney,
  toMinor,
  toQuantityUnits,
} from '../../src/domain/shared/money.js';

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

  it('reads the text of a numeric column (exactly its decimals) as the general parser does', () => {
    const general = (text: string) => toMinor(` ${text}`); // a space takes the general path
    for (const text of ['0.00', '0.07', '-0.50', '12.50', '31.00', '-3.20', '9999999999.99', '0']) {
      expect(toMinor(text)).toBe(general(text));
    }
    expect(toMinor('9999999999.99')).toBe(999999999999);
    expect(toMinor('-0.05')).toBe(-5);
    expect(toQuantityUnits('3.5000')).toBe(35000);
    expect(toQuantityUnits('-0.2500')).toBe(-2500);
    // Other shapes still go through the general parser (rounding, padding, refusal).
    expect(toMinor('1.005')).toBe(101);
    expect(toMinor('7')).toBe(700);
    expect(() => toMinor('1e3')).toThrow('Not a decimal');
  });

  it("normalizes an amount to its wire form as parsing and formatting would, passing a column's own text through", () => {
    const values: (string | number)[] = [
      '0.00',
      '0.07',
      '12.50',
      '-3.20',
      '9999999999.99',
      '-0.00',
      '012.50',
      '-00.05',
      '12.5',
      '7',
      ' 1.00',
      '1.005',
      12.5,
      0.1,
      -0,
    ];
    for (const value of values) expect(normalizeMoney(value)).toBe(formatMinor(toMinor(value)));
    expect(normalizeMoney('-0.00')).toBe('0.00');
    expect(normalizeMoney('012.50')).toBe('12.50');
    const text = '31.40';
    expect(normalizeMoney(text)).toBe(text);
    expect(() => normalizeMoney('1e3')).toThrow('Not a decimal');
  });

  it('reads a number as the decimal path reads its text (the numerics of a JSON aggregate)', () => {
    const decimal = (n: number, scale: number) =>
      (scale === 2 ? toMinor : toQuantityUnits)(` ${n.toFixed(scale + 2)}`);
    const numbers = [
      0,
      -0,
      0.07,
      12.5,
      19.99,
      -3.2,
      1.005,
      2.675,
      0.1 + 0.2,
      9999999999.99,
      1e-7,
      123456.7891,
      -0.00005,
    ];
    for (let i = 0; i < 500; i++)
      numbers.push(
        Math.round((Math.random() - 0.5) * 2e8) / 100,
        Math.round(Math.random() * 1e8) / 1e4,
      );
    for (const n of numbers) {
      expect([n, toMinor(n)]).toEqual([n, decimal(n, 2)]);
      expect([n, toQuantityUnits(n)]).toEqual([n, decimal(n, 4)]);
    }
    expect(Object.is(toMinor(-0), 0)).toBe(true);
    expect(() => toMinor(Number.NaN)).toThrow('Not a decimal');
  });

  it('tells how many decimals a value has', () => {
    expect(hasAtMostDecimals(12.5, 2)).toBe(true);
    expect(hasAtMostDecimals(12.505, 2)).toBe(false);
    expect(hasAtMostDecimals('1.00001', 4)).toBe(false);
  });
});
