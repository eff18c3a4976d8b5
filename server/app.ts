/**
 * Builds the HTTP app without listening (main.ts listens; tests call inject). Routes,
 * validation and response serialisation come from openapi.yaml through fastify-openapi-glue;
 * authorization from each operation's `security`; handlers from server/handlers/<tag>/.
 */
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import type { AppContext } from './app-context';
import { allHandlers } from './handlers';
import { registerDemoPaymentPage } from './handlers/payments/demo-page';
import { accessLogOptions, logAnsweredRequests } from './http/access-log';
import { handleClientError } from './http/client-errors';
import { loadContract, type OpenApiDocument, splitUploadOperations } from './http/contract';
import { handleError } from './http/errors';
import { guardAgainstNulCharacters } from './http/input-guard';
import { createOperationResolver } from './http/operations';
import { createPrerenderedPages } from './http/prerendered-pages';
import { guardRequestBodies } from './http/request-body';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticApp } from './http/static-app';
import { limitBodyTime, SERVER_TIMEOUTS, type ServerTimeouts, timeoutOptions } from './http/timeouts';
import { contractValidatorCompiler } from './http/validation';
import { showLegalDocument } from './services/legal/legal-documents';

/** JSON bodies: an order with 50 lines is a few kilobytes; anything near this is not ours. */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** Uploads (docs/uploads.md): 100 MB a file, 20 files a request. */
export const UPLOAD_LIMITS = { fileSize: 100 * 1024 * 1024, files: 20, fields: 50, parts: 100 };

/** A number of proxies becomes Fastify's hop function (its types take no number). */
function trustProxyOption(value: boolean | number | string) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export interface BuildAppOptions {
  context: AppContext;
  /** A pino logger (main.ts); none means silence (tests). */
  logger?: FastifyBaseLogger;
  /** The parsed contract; read from openapi.yaml when not given. */
  contract?: OpenApiDocument;
  /** Tests lower the upload limits to check them without 100 MB files. */
  uploadLimits?: typeof UPLOAD_LIMITS;
  /** Tests shorten the timeouts to see slow sockets closed (server/http/timeouts.ts). */
  timeouts?: ServerTimeouts;
}

export async function buildApp({
  context,
  logger,
  contract,
  uploadLimits = UPLOAD_LIMITS,
  timeouts = SERVER_TIMEOUTS,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    ...accessLogOptions(),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustProxyOption(context.config.trustProxy),
    // Requests still running at shutdown are finished; idle keep-alive sockets are closed.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    ...timeoutOptions(timeouts),
    // Errors below the router (bad URL encoding, socket-level 431/400) answer in the Error schema too.
    clientErrorHandler: handleClientError,
    frameworkErrors: handleError,
  });
  registerSecurityHeaders(app, context.config);
  logAnsweredRequests(app);
  limitBodyTime(app, timeouts.bodyMs);
  app.setValidatorCompiler(contractValidatorCompiler);
  app.setErrorHandler(handleError);
  app.decorateRequest('user', null);
  guardRequestBodies(app);
  guardAgainstNulCharacters(app);
  app.decorate('uploadLimits', uploadLimits);

  const specification = contract ?? loadContract();
  // Glue's types want full RouteOptions; it merges partial ones (handler, onRequest) at run time.
  const operationResolver = createOperationResolver(
    specification,
    allHandlers(context),
    context.tokens,
  ) as never;
  const { uploads, rest } = splitUploadOperations(specification);
  // Multipart parsing lives in the upload routes' own scope: the plugin adds three hooks to every
  // route of its scope, which cost a third of the throughput of the catalogue everybody reads.
  // Elsewhere a multipart body is an unsupported media type (415), as it always was.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: uploadLimits, throwFileSizeLimit: true });
    await scope.register(openapiGlue, { specification: uploads, operationResolver });
  });
  await app.register(openapiGlue, { specification: rest, operationResolver });

  registerDemoPaymentPage(app, context);
  await registerStaticApp(
    app,
    context.config.staticDir,
    createPrerenderedPages({
      staticDir: context.config.staticDir,
      catalogue: context.catalogue,
      legal: { document: async (kind) => JSON.stringify(await showLegalDocument(context, kind)) },
      log: app.log,
    }),
  );
  return app;
}
