import pg from "pg";

/** One connection to the test PostgreSQL server, for creating and dropping databases. */
export async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
