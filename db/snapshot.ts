/**
 * A read-only view of a local database file frozen at one moment. Loaded both through the
 * bundler and by the render worker in plain Node (types stripped), so it imports packages only.
 */
import { type Client, createClient, type InStatement, type Transaction } from "@libsql/client";

/** The subset of a Client our queries call, bound to one read transaction, and how to move it on. */
export type Snapshot = { view: Client; renew: () => Promise<void> };

/**
 * Opens a read transaction on the file at `url`: every statement of `view` sees the same commits
 * until `renew` ends it and starts a fresh one (on the latest commits).
 */
export async function openFileSnapshot(url: string): Promise<Snapshot> {
  const client = createClient({ url, intMode: "number", concurrency: 1, timeout: 5000 });
  const begin = async () => {
    const tx = await client.transaction("read");
    // The snapshot is taken at the first read, not at BEGIN.
    await tx.execute("SELECT count(*) FROM tools");
    return tx;
  };
  let tx: Transaction = await begin();
  const view = {
    execute: (stmt: InStatement) => tx.execute(stmt),
    batch: (stmts: InStatement[]) => tx.batch(stmts),
    close: () => client.close(),
  } as unknown as Client;
  return {
    view,
    renew: async () => {
      await tx.commit();
      tx = await begin();
    },
  };
}
