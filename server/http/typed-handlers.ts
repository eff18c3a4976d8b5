/**
 * Handlers typed from the contract: for operation K the request's body, query and path params
 * and the answer come from the generated `operations[K]`, so a contract change breaks the
 * compiler instead of production and handlers need no `request.body as {…}` casts. Validation
 * (defaults included) has already run against the same contract when a handler is called.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/schema.gen';
import type { OperationHandlers, OperationId } from './operations';

type Operation<K extends OperationId> = operations[K];
type JsonOf<T> = T extends { content: { 'application/json': infer Json } } ? Json : never;

export type BodyOf<K extends OperationId> = JsonOf<NonNullable<Operation<K>['requestBody']>>;
export type QueryOf<K extends OperationId> = NonNullable<Operation<K>['parameters']['query']>;
export type ParamsOf<K extends OperationId> = NonNullable<Operation<K>['parameters']['path']>;

/** The JSON of the operation's 200 or 201 answer. */
export type AnswerOf<K extends OperationId> = {
  [S in keyof Operation<K>['responses']]: S extends 200 | 201 ? JsonOf<Operation<K>['responses'][S]> : never;
}[keyof Operation<K>['responses']];

export type TypedRequest<K extends OperationId> = FastifyRequest<{
  Body: BodyOf<K>;
  Querystring: QueryOf<K>;
  Params: ParamsOf<K>;
}>;

export type TypedHandlers = {
  [K in OperationId]?: (request: TypedRequest<K>, reply: FastifyReply) => Promise<AnswerOf<K> | FastifyReply>;
};

/** Lets each handler of the map be checked against its own operation, then hands the map to the resolver. */
export function typedHandlers(handlers: TypedHandlers): OperationHandlers {
  return handlers as OperationHandlers;
}
