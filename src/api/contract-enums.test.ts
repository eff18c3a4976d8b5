// The contract and the shared rules must name the same statuses and roles, or the server would
// accept values the app cannot show (or the other way round). It lives in src/api because src/domain
// is also type-checked for the server and the worker, where neither node:fs nor Vite's ?raw exists.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import contractText from '../../openapi.yaml?raw';
import { LANGUAGES } from '../domain/languages';
import { ORDER_STATUSES } from '../domain/order-status';
import { ROLES, STAFF_ROLES } from '../domain/roles';

const contract = parse(contractText);
const schemas = contract.components.schemas;

describe('contract enums match src/domain', () => {
  it('lists the same order statuses in the same order', () => {
    expect(schemas.OrderStatus.enum).toEqual([...ORDER_STATUSES]);
  });
  it('lists the same roles', () => {
    expect(schemas.Role.enum).toEqual([...ROLES]);
    expect(schemas.StaffRole.enum).toEqual([...STAFF_ROLES]);
  });
  it('allows every language code the form offers', () => {
    const { minLength, maxLength } = schemas.OrderCreate.properties.originalLanguage;
    for (const { code } of LANGUAGES) {
      expect(code.length).toBeGreaterThanOrEqual(minLength);
      expect(code.length).toBeLessThanOrEqual(maxLength);
    }
  });
});
