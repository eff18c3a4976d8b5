/** The whole product's database schema; drizzle.config.ts generates migrations from this file. */
export * from './catalogue';
export * from './courier';
export * from './enums';
export * from './files';
export * from './legal';
export * from './messaging';
export * from './order-work';
export * from './orders';
export * from './people';
export * from './personal-data';
export * from './refunds';
export * from './settings';
export * from './statistics';
export * from './tracking';
