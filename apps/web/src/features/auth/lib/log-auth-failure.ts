import { Messages } from '@bookshop/contracts/messages';

/** Spec section 8: auth failures log the generic message and reach the caller unchanged. */
export async function logAuthFailure<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    console.error(Messages.unexpectedError);
    throw error;
  }
}
