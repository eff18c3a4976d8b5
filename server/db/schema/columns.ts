/**
 * Column shapes shared by the tables: money as numeric(12,2) read back as a JS number (the
 * contract's Money), timestamps with time zone, and the created/updated pair most rows carry.
 */
import { doublePrecision, integer, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Rubles with kopecks. numeric keeps sums exact in SQL; mode 'number' hands JS a number. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** A percent with two decimals (discounts, partner commission). */
export const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });

export const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const coordinate = (name: string) => doublePrecision(name);

/** Identity primary key that also accepts explicit ids (the seed uses the contract's ids). */
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

export const timestamps = {
  createdAt: moment('created_at').notNull().defaultNow(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
};
