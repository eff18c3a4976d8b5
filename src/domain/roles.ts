/**
 * Roles and what each may reach (docs/roles-and-access.md). Pure rules shared by the server's checks and
 * the app's guards and menus.
 */
export const ROLES = ['USER', 'ADMIN', 'MANAGER', 'PARTNER'] as const;
export type Role = (typeof ROLES)[number];

export const STAFF_ROLES = ['ADMIN', 'MANAGER', 'PARTNER'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  USER: 'Клиент',
  ADMIN: 'Администратор',
  MANAGER: 'Менеджер',
  PARTNER: 'Партнёр',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Back-office access: any of the three staff roles. */
export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** The stricter back-office check: ADMIN or MANAGER. */
export function isManagerOrAdmin(value: unknown): value is 'ADMIN' | 'MANAGER' {
  return value === 'ADMIN' || value === 'MANAGER';
}
