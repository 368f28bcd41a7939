import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

const pgError = (code: string, message = 'error') => Object.assign(new Error(message), { code, severity: 'ERROR' });
/** As Drizzle reports a failed query: the driver's error is the cause. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['57014 statement timeout', pgError('57014', 'canceling statement due to statement timeout')],
    ['57P01 backend terminated', pgError('57P01', 'terminating connection due to administrator command')],
    ['57P02 crash shutdown', pgError('57P02')],
    ['57P03 server starting', pgError('57P03', 'the database system is starting up')],
    ['25P03 idle-in-transaction timeout', pgError('25P03')],
    ['08006 connection failure', pgError('08006')],
    ['53300 too many connections', pgError('53300')],
    ['a refused connection', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a cut connection', new Error('Connection terminated unexpectedly')],
    ['a full pool', new Error('timeout exceeded when trying to connect')],
  ])('is true for %s, also when Drizzle wraps it', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['22P05 untranslatable character (a NUL byte)', pgError('22P05')],
    ['22001 value too long', pgError('22001')],
    ['23505 unique violation', pgError('23505')],
    ['40P01 deadlock', pgError('40P01')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('is false for %s: what a client can cause is never a 503', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    if (error instanceof Error) expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});
