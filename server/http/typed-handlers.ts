/**
 * Handlers typed from the contract: for operation K the request's body, query and path params
 * and the answer come from the generated `operations[K]`, so a contract change breaks the
 * compiler instead of production and handlers need no casts of request data. Validation
 * (defaults included) has already run against the same contract when a handler is called.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerOf, BodyOf, OperationId, ParamsOf, QueryOf, ResponsesOf } from '../operation-types';
import type { OperationHandlers } from './operations';

/**
 * What `reply.code(S).send(…)` may send for each status S the contract lists: its JSON, nothing
 * for an answer without a body, and anything for files (bytes or a stream). A status the contract
 * lacks does not compile.
 */
type PayloadOf<R> = R extends { content: infer Content }
  ? Content extends { 'application/json': infer Json }
    ? Json
    : unknown
  : undefined;
export type RepliesOf<K extends OperationId> = {
  [S in keyof ResponsesOf<K> as S extends number ? S : never]: PayloadOf<ResponsesOf<K>[S]>;
};

export type TypedRequest<K extends OperationId> = FastifyRequest<{
  Body: BodyOf<K>;
  Querystring: QueryOf<K>;
  Params: ParamsOf<K>;
}>;
export type TypedReply<K extends OperationId> = FastifyReply<{ Reply: RepliesOf<K> }>;

export type TypedHandlers = {
  [K in OperationId]?: (
    request: TypedRequest<K>,
    reply: TypedReply<K>,
  ) => Promise<AnswerOf<K> | FastifyReply>;
};

/**
 * Sends JSON serialised once for every caller (a cached answer) as the bytes it is. Such a string
 * is not the contract's object type, so this is the one send the compiler does not check.
 */
export function sendSerialisedJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** Lets each handler of the map be checked against its own operation, then hands the map to the resolver. */
export function typedHandlers(handlers: TypedHandlers): OperationHandlers {
  return handlers as OperationHandlers;
}
