import { useCallback } from 'react';
import { useMutation } from '@tanstack/react-query';

/**
 * A write as a hook: the same call with the same answer and errors, run as a mutation, so a
 * component reaches the server only through hooks (each api file exports `useX` beside `x`).
 */
export function useServerCall<A extends unknown[], R>(call: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  // 'always': an offline browser gets the call's own network error at once, as before, instead of a
  // mutation paused until the connection is back.
  const { mutateAsync } = useMutation({ mutationFn: (args: A) => call(...args), networkMode: 'always' });
  return useCallback((...args: A) => mutateAsync(args), [mutateAsync]);
}
