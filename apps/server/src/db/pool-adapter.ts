import type { PostgresPool, PostgresPoolClient } from 'kysely';

interface PoolOf<Client> {
  connect(): Promise<Client>;
  end(): Promise<void>;
}

/**
 * The pool Kysely sees, each client's text queries going through `query` (a cursor passes as it
 * is). pg hands out the same client objects again, so each is adapted once.
 */
export function poolWithTextQuery<Client extends { release(): void }>(
  pool: PoolOf<Client>,
  query: (client: Client, text: string, parameters: ReadonlyArray<unknown>) => Promise<unknown>,
): PostgresPool {
  const adapted = new WeakMap<Client, PostgresPoolClient>();
  const adapt = (client: Client): PostgresPoolClient => {
    function textQuery(...args: [string, ReadonlyArray<unknown>] | [unknown]) {
      if (typeof args[0] !== 'string') {
        return (client as unknown as { query: (cursor: unknown) => unknown }).query(args[0]);
      }
      const [text, parameters = []] = args as [string, ReadonlyArray<unknown>];
      return query(client, text, parameters);
    }
    return { query: textQuery as PostgresPoolClient['query'], release: () => client.release() };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let adapter = adapted.get(client);
      if (!adapter) {
        adapter = adapt(client);
        adapted.set(client, adapter);
      }
      return adapter;
    },
    end: () => pool.end(),
  };
}
