/**
 * What a staff role may open beyond the back office itself (docs/roles-and-access.md): monitoring declares
 * view_orders (ADMIN, MANAGER); a route may also name the roles it admits outright (the queue and
 * periodic-jobs tabs: ADMIN; push: ADMIN, MANAGER). The server enforces the same on every call.
 */
import { isStaffRole, type StaffRole } from '../../domain/roles';

export const PERMISSIONS = {
  view_orders: ['ADMIN', 'MANAGER'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

/** What a route asks for, from its staticData and its parents'. */
export interface RouteRequirement {
  permission?: Permission;
  roles?: readonly StaffRole[];
}

export function permissionsFor(role: unknown): Permission[] {
  if (!isStaffRole(role)) return [];
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) =>
    (PERMISSIONS[permission] as readonly string[]).includes(role),
  );
}

export function meetsRequirement(role: unknown, requirement: RouteRequirement): boolean {
  if (!isStaffRole(role)) return false;
  if (requirement.permission && !permissionsFor(role).includes(requirement.permission)) return false;
  if (requirement.roles && !requirement.roles.includes(role)) return false;
  return true;
}
