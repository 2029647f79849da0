/** A Listener that records what an SDK subscription delivers, for the drivers that run in Node. */
import { DriverError, type Listener, type SerializedError } from './types.ts';

export function collectingListener<E>(
  subscribe: (push: (e: E) => void, fail: (e: SerializedError) => void) => () => void,
): Listener<E> {
  const events: E[] = [];
  let error: SerializedError | undefined;
  const unsub = subscribe(
    (e) => events.push(e),
    (e) => (error = e),
  );
  return {
    async events() {
      if (error) throw new DriverError(error.code, `listener error: ${error.message}`);
      return events.slice();
    },
    async stop() {
      unsub();
    },
  };
}
