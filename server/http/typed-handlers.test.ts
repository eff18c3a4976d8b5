/**
 * The guard on server/http/typed-handlers.ts: no handler goes back to casting request data, and the
 * helper keeps refusing, at compile time, reads and answers outside an operation's contract.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { typedHandlers } from './typed-handlers';

const SERVER = fileURLToPath(new URL('..', import.meta.url));

/** A cast of request data: `request.body as …` (in brackets too), and `as unknown as` on a line reading it. */
const REQUEST_CAST = /\b(request|req)\.(body|query|params)\)*\s+as\b/;
const DOUBLE_CAST_OF_REQUEST = /\b(request|req)\.(body|query|params)\b.*\bas\s+unknown\s+as\b/;

/** file:line of every cast of request data in server/**\/*.ts, tests aside. */
function findRequestCasts(): string[] {
  const found: string[] = [];
  const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' }).filter(
    (file) =>
      file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.split(/[\\/]/).includes('node_modules'),
  );
  for (const file of files.sort()) {
    const lines = readFileSync(join(SERVER, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (REQUEST_CAST.test(line) || DOUBLE_CAST_OF_REQUEST.test(line))
        found.push(`${relative(join(SERVER, '..'), join(SERVER, file))}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('handlers typed from the contract', () => {
  it('cast no request body, query or params: a contract change must break the compiler, not production', () => {
    expect(findRequestCasts()).toEqual([]);
  });

  it('are what every handler folder builds its operations with', () => {
    const handlers = join(SERVER, 'handlers');
    const untyped = readdirSync(handlers, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `server/handlers/${entry.name}/index.ts`)
      .filter((file) => !readFileSync(join(SERVER, '..', file), 'utf8').includes('typedHandlers('));
    expect(untyped).toEqual([]);
  });

  it('recognise both kinds of cast the guard looks for', () => {
    expect(REQUEST_CAST.test('const { id } = request.params as { id: number };')).toBe(true);
    expect(REQUEST_CAST.test('createOrder(ctx, { body: request.body as OrderCreate })')).toBe(true);
    expect(REQUEST_CAST.test('listUsers(ctx.db, (request.query) as Query)')).toBe(true);
    expect(DOUBLE_CAST_OF_REQUEST.test('const q = request.query as unknown as Query;')).toBe(true);
    expect(DOUBLE_CAST_OF_REQUEST.test('const q = toQuery(request.query) as unknown as Query;')).toBe(true);
    expect(REQUEST_CAST.test('const { id } = request.params;')).toBe(false);
    expect(DOUBLE_CAST_OF_REQUEST.test('const rows = result as unknown as Row[];')).toBe(false);
  });

  it('refuse at compile time a handler that reads or answers outside its operation', () => {
    // Never called: each @ts-expect-error below fails `tsc -p tsconfig.node.json` once the
    // mistake under it stops being one, i.e. once the helper stops checking it.
    const handlers = typedHandlers({
      // @ts-expect-error an office's answer has a name, an address and more
      getOffice: async () => ({ id: 1 }),
      getMyOrder: async (request) => {
        // @ts-expect-error the path's id is a number
        const id: string = request.params.id;
        throw new Error(id);
      },
      createOrder: async (request) => {
        // @ts-expect-error OrderCreate has no such field
        throw new Error(request.body.promoCodeName);
      },
      repeatMyOrder: async (_request, reply) =>
        // @ts-expect-error repeat-order's 201 is the new order with a message, not this
        reply.code(201).send({ repeated: true }),
      deleteUser: async (_request, reply) =>
        // @ts-expect-error the contract lists no 200 for delete-user, only 204
        reply.code(200).send(),
    });
    expect(Object.keys(handlers)).toHaveLength(5);
  });
});
