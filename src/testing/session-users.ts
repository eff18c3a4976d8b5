/** Signed-in users as the server's AuthResult names them, shared by the app's tests. */
import type { components } from '../api/schema.gen';

type SessionUser = components['schemas']['SessionUser'];

export const CUSTOMER: SessionUser = {
  id: 2,
  role: 'USER',
  email: 'anna@example.ru',
  phoneNumber: null,
  firstName: 'Анна',
  lastName: null,
  partnerId: null,
};

export const MANAGER: SessionUser = { ...CUSTOMER, id: 5, role: 'MANAGER', email: 'm@perevod.local' };
