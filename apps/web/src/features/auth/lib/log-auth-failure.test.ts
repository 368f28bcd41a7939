import { afterEach, describe, expect, it, vi } from 'vitest';
import { Messages } from '@bookshop/contracts/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { logAuthFailure } from './log-auth-failure.ts';

afterEach(() => vi.restoreAllMocks());

describe('logAuthFailure', () => {
  it('logs a refusal the server explained (4xx) as information, and rethrows it', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = new ApiError(400, { title: 'Login Failed', status: 400 });

    await expect(logAuthFailure(Promise.reject(refused))).rejects.toBe(refused);
    expect(info).toHaveBeenCalledWith(Messages.unexpectedError);
    expect(error).not.toHaveBeenCalled();
  });

  it('logs a server fault or a lost connection as an error, and rethrows it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fault = new ApiError(503, { title: 'Service Unavailable', status: 503 });
    const offline = new TypeError('Failed to fetch');

    await expect(logAuthFailure(Promise.reject(fault))).rejects.toBe(fault);
    await expect(logAuthFailure(Promise.reject(offline))).rejects.toBe(offline);
    expect(error).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledWith(Messages.unexpectedError);
  });

  it('passes an answer through without logging', async () => {
    const info = vi.spyOn(console, 'info');
    const error = vi.spyOn(console, 'error');
    await expect(logAuthFailure(Promise.resolve('ok'))).resolves.toBe('ok');
    expect(info).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
