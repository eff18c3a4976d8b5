import { Writable } from 'node:stream';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { briefError, createLogger, serializeError } from './logger';

function captured() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('info', sink), lines };
}

describe('logged errors', () => {
  it('keep a database error to its message, code and stack, never the pg client it carries', () => {
    const client = new pg.Client({ connectionString: 'postgres://user:secret-password@127.0.0.1:1/db' });
    const error = Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01', client });
    const { logger, lines } = captured();
    logger.error({ err: error }, 'pg-boss error');
    // pg-boss's own copies of an error: a plain object with the client spread into it.
    logger.error(
      { err: { ...error, message: error.message, stack: error.stack, queue: 'q' } },
      'worker error',
    );
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toContain('Connection terminated unexpectedly');
      expect(line).toContain('57P01');
      expect(line).not.toContain('secret-password');
      expect(line).not.toContain('connectionParameters');
      expect(line.length).toBeLessThan(2_000);
    }
  });

  it('name each address a refused connection tried, and follow causes', () => {
    const refused = new AggregateError([
      new Error('connect ECONNREFUSED ::1:5432'),
      new Error('connect ECONNREFUSED 127.0.0.1:5432'),
    ]);
    Object.assign(refused, { code: 'ECONNREFUSED' });
    const wrapped = new Error('Failed query: select 1', { cause: refused });
    const logged = serializeError(wrapped);
    expect(logged.cause?.code).toBe('ECONNREFUSED');
    expect(logged.cause?.errors).toEqual([
      'connect ECONNREFUSED ::1:5432',
      'connect ECONNREFUSED 127.0.0.1:5432',
    ]);
    expect(briefError(refused)).toEqual({
      message: 'connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432',
      code: 'ECONNREFUSED',
    });
  });
});
