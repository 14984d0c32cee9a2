// A PostgreSQL connection of the bench's own, for one piece of work beside the server under test.
import pg from 'pg';

/** Runs `work` on a new connection to `url`, closed after. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
