/**
 * fastify-openapi-glue's operationResolver: for each operation of the contract, its handler
 * (or a 501 until its issue lands) and the authorize hook built from its `security`. Glue's own
 * securityHandlers run after validation; ours run in onRequest, before it.
 */
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { TokenService } from '../auth/tokens';
import { notImplemented } from '../errors';
import type { OperationId } from '../operation-types';
import { accessFromSecurity, makeAuthorize } from './authorize';
import { type ContractOperation, listOperations, type OpenApiDocument } from './contract';

export type OperationHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
export type OperationHandlers = Partial<Record<OperationId, OperationHandler>>;

async function answerNotImplemented(): Promise<never> {
  throw notImplemented();
}

export function createOperationResolver(
  contract: OpenApiDocument,
  handlers: OperationHandlers,
  tokens: TokenService,
) {
  const byId = new Map<string, ContractOperation>(listOperations(contract).map((op) => [op.operationId, op]));
  for (const operationId of Object.keys(handlers)) {
    if (!byId.has(operationId))
      throw new Error(`A handler is given for ${operationId}, which openapi.yaml lacks`);
  }
  return (operationId: string): { handler: OperationHandler; onRequest?: onRequestAsyncHookHandler } => {
    const operation = byId.get(operationId);
    if (!operation) throw new Error(`Operation ${operationId} is routed but not in openapi.yaml`);
    const access = {
      ...accessFromSecurity(operation.security, operationId),
      acceptsExpiredToken: operation.operation['x-accepts-expired-token'] === true,
    };
    const handler = handlers[operationId as OperationId] ?? answerNotImplemented;
    // A public operation reads no token: no hook at all, not even one that returns at once.
    return access.isPublic ? { handler } : { handler, onRequest: makeAuthorize(access, tokens) };
  };
}
