import { describe, expect, it } from 'vitest';
import { isConnectionLoss } from './connection-errors';

/** An error as node-postgres raises it, wrapped as Drizzle does. */
const fromDrizzle = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause });
const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('telling a lost connection from a failed query', () => {
  it.each([
    ['a terminated backend (57P01)', fromDrizzle(withCode('57P01'))],
    ['a server starting up (57P03)', withCode('57P03')],
    ['a connection exception (08006)', fromDrizzle(withCode('08006'))],
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', fromDrizzle(withCode('ECONNRESET'))],
    ['a connection that ended', fromDrizzle(new Error('Connection terminated unexpectedly'))],
    [
      'a client that lost its connection',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
  ])('%s is a lost connection', (_name, error) => {
    expect(isConnectionLoss(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', fromDrizzle(withCode('23505'))],
    ['a syntax error (42601)', withCode('42601')],
    ['a plain error', new Error('Something broke')],
    ['a thrown string', 'ECONNRESET'],
  ])('%s is not', (_name, error) => {
    expect(isConnectionLoss(error)).toBe(false);
  });
});
