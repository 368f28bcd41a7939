import { Messages } from '@bookshop/contracts/messages';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * Spec section 8: auth failures log the generic message and reach the caller unchanged. A refusal
 * the server explained (a 4xx: wrong password, taken address, used link, too many tries) is the
 * visitor's to read on the page, so it is logged as information; anything else is an error
 * (decision 076).
 */
export async function logAuthFailure<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) console.info(Messages.unexpectedError);
    else console.error(Messages.unexpectedError);
    throw error;
  }
}
