// A typed event bus whose handlers run inside the emitter's transaction: a throwing handler undoes the
// command that emitted. One bus per application, built by the composition root (src/composition.ts),
// so two applications in one process never hear each other's events.
import type { DbOrTx } from '../db/client.js';

export type EventHandler<T> = (tx: DbOrTx, event: T) => Promise<void>;

export interface EventBus<E> {
  /** Subscribes a handler (in subscription order); returns its removal. */
  on<K extends keyof E>(name: K, handler: EventHandler<E[K]>): () => void;
  /** Runs every handler of the event in turn, in the caller's transaction. */
  emit<K extends keyof E>(tx: DbOrTx, name: K, event: E[K]): Promise<void>;
}

export function eventBus<E>(): EventBus<E> {
  const handlers: { [K in keyof E]?: Array<EventHandler<E[K]>> } = {};
  return {
    on(name, handler) {
      const list = (handlers[name] ??= []);
      list.push(handler);
      return () => {
        const i = list.indexOf(handler);
        if (i >= 0) list.splice(i, 1);
      };
    },
    async emit(tx, name, event) {
      for (const h of [...(handlers[name] ?? [])]) await h(tx, event);
    },
  };
}
