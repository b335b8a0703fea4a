import { describe, expect, it } from '@jest/globals';
import type { ErrorObject } from 'ajv';
import { toValidationDetails } from '../../src/api/validation-details.js';
import { decodeCursor, encodeCursor } from '../../src/domain/shared/pagination.js';
import { MalformedInputError } from '../../src/domain/shared/errors.js';

const err = (e: Partial<ErrorObject>): ErrorObject => ({
  keyword: 'type',
  instancePath: '',
  schemaPath: '',
  params: {},
  message: 'must be integer',
  ...e,
});

describe('toValidationDetails', () => {
  it('maps ajv errors to field names with problems', () => {
    expect(
      toValidationDetails([
        err({
          instancePath: '/requestBody/items/0/quantity',
          keyword: 'maximum',
          message: 'must be <= 999',
        }),
        err({
          instancePath: '/requestBody',
          keyword: 'required',
          params: { missingProperty: 'order_type' },
        }),
        err({
          instancePath: '/requestBody',
          keyword: 'additionalProperties',
          params: { additionalProperty: 'colour' },
        }),
        err({
          instancePath: '/query/status',
          keyword: 'enum',
          params: { allowedValues: ['CREATED', 'PAID'] },
        }),
        err({ instancePath: '/query/limit', message: 'must be integer' }),
      ]),
    ).toEqual({
      'items.0.quantity': ['must be <= 999'],
      order_type: ['is required'],
      colour: ['is not a known field'],
      status: ['must be one of: CREATED, PAID'],
      limit: ['must be integer'],
    });
  });

  it('when unknown fields are named like Object.prototype members, then each is named as a field', () => {
    const names = ['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty'];
    const details = toValidationDetails(
      names.map((name) =>
        err({
          instancePath: '/requestBody',
          keyword: 'additionalProperties',
          params: { additionalProperty: name },
        }),
      ),
    );
    expect(Object.keys(details)).toEqual(names);
    for (const name of names)
      expect(Object.getOwnPropertyDescriptor(details, name)?.value).toEqual([
        'is not a known field',
      ]);
    expect(Object.getPrototypeOf(details)).toBe(Object.prototype);
  });
});

describe('cursors', () => {
  it('round-trip and refuse forgeries', () => {
    expect(
      decodeCursor(encodeCursor(['2026-01-01T00:00:00.000Z', 7]), ['string', 'number']),
    ).toEqual(['2026-01-01T00:00:00.000Z', 7]);
    expect(() => decodeCursor('garbage', ['number'])).toThrow(MalformedInputError);
    expect(() => decodeCursor(encodeCursor(['x']), ['number'])).toThrow(MalformedInputError);
  });
});
