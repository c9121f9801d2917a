import { useCallback } from 'react';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';

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

/**
 * What a component adds to a write an api file runs as a mutation (`useMutation({ ...options,
 * mutationFn })`): what follows a success or a failure; the call itself stays in the api file.
 */
export type CallOptions<V, R> = Omit<UseMutationOptions<R, Error, V>, 'mutationFn'>;
