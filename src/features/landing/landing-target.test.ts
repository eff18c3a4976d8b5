import { describe, expect, it } from 'vitest';
import { type LandingInput, landingTarget } from './landing-target';

const signedOut = { cabinetAuthorized: false, crmAccess: false };
const browser: LandingInput = { installed: false, forcePwa: false, search: {}, session: signedOut };

describe('landing route', () => {
  it('sends a normal browser tab to the order form', () => {
    expect(landingTarget(browser)).toEqual({ kind: 'browser', href: '/order/step-1' });
    expect(landingTarget({ ...browser, search: { pwa: 'false' } })).toMatchObject({ kind: 'browser' });
  });

  it('stays in the app when installed, opened with ?pwa=true or forced on this device', () => {
    for (const input of [
      { ...browser, installed: true },
      { ...browser, search: { pwa: 'true' } },
      { ...browser, forcePwa: true },
    ]) {
      expect(landingTarget(input)).toEqual({ kind: 'route', to: '/cabinet-login', search: {} });
    }
  });

  it('hands a sign-in link with both hash and email to the cabinet login', () => {
    const search = { pwa: 'true', hash: 'abc', email: 'anna@example.ru' };
    expect(landingTarget({ ...browser, search })).toEqual({
      kind: 'route',
      to: '/cabinet-login',
      search: { hash: 'abc', email: 'anna@example.ru' },
    });
    expect(landingTarget({ ...browser, search: { pwa: 'true', hash: 'abc' } })).toMatchObject({ search: {} });
  });

  it('opens the cabinet orders for a signed-in customer, the back office for staff', () => {
    const installed = { ...browser, installed: true };
    expect(
      landingTarget({ ...installed, session: { cabinetAuthorized: true, crmAccess: true } }),
    ).toMatchObject({
      to: '/cabinet/orders',
    });
    expect(
      landingTarget({ ...installed, session: { cabinetAuthorized: false, crmAccess: true } }),
    ).toMatchObject({
      to: '/crm/home',
    });
  });
});
