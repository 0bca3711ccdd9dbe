/**
 * Secrets the server makes for itself (db/schema/server-secrets.ts): 32 random bytes per name, made by the first
 * process that asks (INSERT ... ON CONFLICT DO NOTHING, then read back, so concurrent first askers agree), the same for
 * every process on the database. No setting is needed, and a fresh database gets fresh secrets.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema/index.ts';

/** Secrets already read, per database and name (a secret never changes once made). */
const cache = new WeakMap<Db, Map<string, Promise<Buffer>>>();

/**
 * The secret `name` of `db`, made on first use.
 * @throws the database's error (the next call tries again).
 */
export function serverSecret(db: Db, name: string): Promise<Buffer> {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let secret = byName.get(name);
  if (!secret) {
    secret = (async () => {
      await db.insert(serverSecrets).values({ name, value: randomBytes(32) }).onConflictDoNothing();
      const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
      if (!row) throw new Error(`The server secret ${name} could not be read back.`);
      return Buffer.from(row.value);
    })();
    secret.catch(() => byName.delete(name));
    byName.set(name, secret);
  }
  return secret;
}
