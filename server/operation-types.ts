/**
 * The contract's operations as types, for every layer of the server: for operation K its body,
 * query, path parameters and answer come from the generated `operations[K]`
 * (src/api/schema.gen.ts). Services take and return these, so a contract change breaks the
 * compiler, not production; the HTTP layer types its handlers with them (http/typed-handlers.ts).
 */
import type { operations } from '../src/api/schema.gen';

export type OperationId = keyof operations;

type Operation<K extends OperationId> = operations[K];
export type ResponsesOf<K extends OperationId> = Operation<K>['responses'];
type JsonOf<T> = T extends { content: { 'application/json': infer Json } } ? Json : never;

export type BodyOf<K extends OperationId> = JsonOf<NonNullable<Operation<K>['requestBody']>>;
export type QueryOf<K extends OperationId> = NonNullable<Operation<K>['parameters']['query']>;
export type ParamsOf<K extends OperationId> = NonNullable<Operation<K>['parameters']['path']>;

/** The JSON of the operation's 200 or 201 answer. */
export type AnswerOf<K extends OperationId> = {
  [S in keyof ResponsesOf<K>]: S extends 200 | 201 ? JsonOf<ResponsesOf<K>[S]> : never;
}[keyof ResponsesOf<K>];
