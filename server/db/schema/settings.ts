/** Small server-wide values that staff or the server itself change at run time (seed version, …). */
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { moment } from './columns';

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});
