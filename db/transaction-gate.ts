import { type Client, LibsqlError, type Transaction, type TransactionMode } from "@libsql/client";

/** How long a statement waits for an open transaction: the same bound as the busy timeout. */
const WAIT_MS = 5000;

/**
 * Waits for `current` to end, failing as SQLite's busy timeout would once `deadline` passes: a
 * transaction that never ends (or code that queries the database outside the transaction it is
 * inside of) gives an error, not a hang.
 */
async function waitFor(current: Promise<void>, deadline: number): Promise<void> {
  const left = deadline - Date.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new LibsqlError("SQLITE_BUSY: database is locked by an open transaction", "SQLITE_BUSY")),
      Math.max(0, left),
    );
  });
  try {
    await Promise.race([current, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A local file is served by one connection (see openDb). While an interactive transaction holds
 * it, the driver rejects every other statement at once with TRANSACTION_ACTIVE, so one member's
 * transaction would fail other visitors' requests. The gate makes them wait instead: statements
 * and new transactions queue behind the open transaction and run when it commits or rolls back,
 * as SQLite's single writer would have them wait anyway. Statements inside the transaction go
 * through its own handle and never wait.
 */
export function gateTransactions(client: Client): Client {
  // The loops below check and take `open` with no await in between, so two callers never both
  // find the connection free.
  let open: Promise<void> | null = null;
  const transaction = async (mode?: TransactionMode): Promise<Transaction> => {
    const deadline = Date.now() + WAIT_MS;
    while (open) await waitFor(open, deadline);
    let release = () => {};
    open = new Promise<void>((resolve) => {
      release = () => {
        open = null;
        resolve();
      };
    });
    let tx: Transaction;
    try {
      tx = await client.transaction(mode);
    } catch (error) {
      release();
      throw error;
    }
    const ending =
      <A extends unknown[], R>(end: (...args: A) => R) =>
      (...args: A): R => {
        try {
          const result = end(...args);
          if (result instanceof Promise) return result.finally(release) as R;
          release();
          return result;
        } catch (error) {
          release();
          throw error;
        }
      };
    return new Proxy(tx, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop === "commit" || prop === "rollback" || prop === "close") return ending(value.bind(target));
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  };
  const gated = new Set<PropertyKey>(["execute", "batch", "executeMultiple", "migrate"]);
  return new Proxy(client, {
    get(target, prop) {
      if (prop === "transaction") return transaction;
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (!gated.has(prop)) return value.bind(target);
      return async (...args: unknown[]) => {
        const deadline = Date.now() + WAIT_MS;
        while (open) await waitFor(open, deadline);
        return value.apply(target, args);
      };
    },
  });
}
