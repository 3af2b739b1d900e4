/** One statement on a connection of its own: `create database` and `drop database` (which run outside a transaction). */
import pg from 'pg';

export async function runStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
