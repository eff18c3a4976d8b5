/**
 * The office staff orders are assigned to (ADMIN and MANAGER accounts not blocked), named the way
 * every screen names them: first and last name, else the email, else the login. One SQL
 * expression for the name, so the order card, the list and the statistics agree.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

export type StaffMember = components['schemas']['StaffMember'];

const OFFICE_ROLES = ['ADMIN', 'MANAGER'] as const;

/** A person's name as shown, from the users row `table` (the table's SQL name or alias). */
export const staffNameSql = (table: string) =>
  sql.raw(
    `coalesce(nullif(concat_ws(' ', ${table}.first_name, ${table}.last_name), ''), ${table}.email, ${table}.login, 'Сотрудник №' || ${table}.id)`,
  );

const memberColumns = {
  id: users.id,
  name: sql<string>`${staffNameSql('"users"')}`,
  email: users.email,
  role: users.role,
};

export async function listStaffMembers(db: Database): Promise<StaffMember[]> {
  const rows = await db
    .select(memberColumns)
    .from(users)
    .where(and(inArray(users.role, [...OFFICE_ROLES]), eq(users.isBlocked, false)))
    .orderBy(asc(sql`2`), asc(users.id));
  return rows;
}

/** One staff member by id, whatever their role now (an order keeps its assignee after a change). */
export async function staffMemberById(
  db: Database,
  id: number,
): Promise<(StaffMember & { active: boolean }) | null> {
  const [row] = await db
    .select({ ...memberColumns, isBlocked: users.isBlocked })
    .from(users)
    .where(eq(users.id, id));
  if (!row) return null;
  const { isBlocked, ...member } = row;
  return { ...member, active: (OFFICE_ROLES as readonly string[]).includes(row.role) && !isBlocked };
}
