/**
 * The way Drizzle and pg-boss reach embedded PGlite: a parameterised statement is parsed once as
 * a named prepared statement, and each call then sends Bind, Describe, Execute and Sync in ONE
 * trip into WebAssembly. PGlite's own `query()` makes six trips per statement (Parse, Describe,
 * Bind, Describe, Execute, Sync), parses and plans the text every time, and copies its table of
 * some 300 result parsers for every query that brings its own (Drizzle always does): together
 * about half the cost of a short statement. Figures: docs/decisions/0020.
 *
 * Same locks as PGlite's own calls: outside a transaction a statement waits for the transaction
 * lock, inside one (the `tx` given to `transaction`) only for the query lock. Same parameter
 * serialisation (by the types the server inferred) and result parsing. Only reads and writes of
 * rows are kept prepared; the rest (migrations, DDL, SET) and calls with a blob go through PGlite
 * unchanged.
 */
import {
  type PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
  types,
} from '@electric-sql/pglite';

/** The client Drizzle's PGlite driver is given (it calls query and transaction). */
export interface StatementClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(run: (tx: StatementTransaction) => Promise<T>): Promise<T>;
}

export interface StatementTransaction extends Omit<StatementClient, 'transaction'> {
  rollback(): Promise<void>;
  readonly closed: boolean;
}

interface Prepared {
  name: string;
  paramTypes: number[];
}

/** Prepared statements kept; the least recently used one is closed beyond this. */
const KEPT = 256;
/** Statements worth keeping prepared: row reads and writes, not DDL or session commands. */
const ROW_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
/** SQLSTATE 0A000 «cached plan must not change result type»: a table changed under it. */
const PLAN_CHANGED = '0A000';

type Parser = (value: string) => unknown;
type Serializer = (value: unknown) => string;

interface PgliteInside {
  parsers: Record<number, Parser>;
  serializers: Record<number, Serializer>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

export function statementClient(pglite: PGlite): StatementClient {
  const inside = pglite as unknown as PgliteInside;
  const prepared = new Map<string, Prepared>();
  let named = 0;
  let closing: Uint8Array[] = [];

  async function prepare(text: string): Promise<Prepared> {
    const name = `s${++named}`;
    const { messages } = await pglite.execProtocol(
      join([
        ...closing,
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    closing = [];
    const described = messages.find((message) => message.name === 'parameterDescription') as
      | { dataTypeIDs: number[] }
      | undefined;
    const statement = { name, paramTypes: described?.dataTypeIDs ?? [] };
    prepared.set(text, statement);
    if (prepared.size > KEPT) {
      const [oldest, { name: old }] = prepared.entries().next().value as [string, Prepared];
      prepared.delete(oldest);
      closing.push(protocol.serialize.close({ type: 'S', name: old }));
    }
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    let statement = prepared.get(text);
    if (statement) {
      // Least recently used first: move it to the end.
      prepared.delete(text);
      prepared.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const typeId = statement.paramTypes[index] ?? 0;
      const serialize = options?.serializers?.[typeId] ?? inside.serializers[typeId];
      return serialize ? serialize(value) : String(value);
    });
    try {
      const { messages } = await pglite.execProtocol(
        join([
          ...closing,
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      closing = [];
      return resultOf<T>(messages, inside.parsers, options);
    } catch (error) {
      if ((error as { code?: string }).code === PLAN_CHANGED) {
        prepared.delete(text);
        closing.push(protocol.serialize.close({ type: 'S', name: statement.name }));
      }
      throw Object.assign(error as object, { query: text, params });
    }
  }

  function client(inTransaction: () => boolean, original: Pick<Transaction, 'query' | 'exec'>) {
    return {
      query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
        if (options?.blob || !ROW_STATEMENT.test(text)) return original.query<T>(text, params, options);
        const once = () => inside._runExclusiveQuery(() => run<T>(text, params, options));
        if (inTransaction()) return once();
        // Outside a transaction nothing was aborted: a plan refused after DDL is simply redone.
        return inside._runExclusiveTransaction(() =>
          once().catch((error: unknown) => {
            if ((error as { code?: string }).code === PLAN_CHANGED) return once();
            throw error;
          }),
        );
      },
      exec: (text: string, options?: QueryOptions) => original.exec(text, options),
    };
  }

  return {
    ...client(() => false, pglite),
    transaction<T>(body: (tx: StatementTransaction) => Promise<T>): Promise<T> {
      return pglite.transaction((tx) => {
        const wrapped: StatementTransaction = {
          ...client(() => true, tx),
          rollback: () => tx.rollback(),
          get closed() {
            return tx.closed;
          },
        };
        return body(wrapped);
      });
    },
  };
}

function join(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

type Message = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

/**
 * PGlite's parseResults for one statement, reading the caller's parsers before the defaults
 * instead of merging the two tables for every query.
 */
function resultOf<T>(
  messages: Message[],
  parsers: Record<number, Parser>,
  options: QueryOptions | undefined,
): Results<T> {
  const own = options?.parsers as Record<number, Parser> | undefined;
  const parserOf = (typeId: number): Record<number, Parser> =>
    own?.[typeId] ? { [typeId]: own[typeId] as Parser } : parsers;
  let fields: { name: string; dataTypeID: number }[] = [];
  let fieldParsers: Record<number, Parser>[] = [];
  const rows: unknown[] = [];
  let affectedRows = 0;
  let rowCount: number | undefined;
  let command: string | undefined;
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as unknown as { fields: typeof fields }).fields.map((field) => ({
        name: field.name,
        dataTypeID: field.dataTypeID,
      }));
      fieldParsers = fields.map((field) => parserOf(field.dataTypeID));
    } else if (message.name === 'dataRow') {
      const values = (message as unknown as { fields: (string | null)[] }).fields.map((value, index) =>
        types.parseType(value as string, fields[index]?.dataTypeID ?? 0, fieldParsers[index] ?? parsers),
      );
      rows.push(
        options?.rowMode === 'array'
          ? values
          : Object.fromEntries(values.map((value, index) => [fields[index]?.name, value])),
      );
    } else if (message.name === 'commandComplete') {
      const parts = (message as unknown as { text: string }).text.split(' ');
      const count = Number.parseInt(parts[parts.length - 1] ?? '', 10);
      command = parts[0];
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(parts[0] ?? '')) affectedRows += count;
      if (!Number.isNaN(count)) rowCount = count;
    }
  }
  return {
    rows: rows as T[],
    fields,
    affectedRows,
    ...(command === undefined ? {} : { command }),
    ...(rowCount === undefined ? {} : { rowCount }),
  };
}
