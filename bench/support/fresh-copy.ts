import pg, { escapeIdentifier } from 'pg';

/**
 * Makes the database of `url` again as a copy of `template` (CREATE DATABASE … TEMPLATE), so a
 * benchmark starts from the market as seeded rather than from what earlier runs wrote into it
 * (posted shifts, bookings, queued e-mails). The template must have no open connections.
 */
export async function recreateAsCopyOf(url: string, template: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name || name === template) {
    throw new Error(`The database to recreate (${name || 'none'}) must differ from ${template}`);
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const started = performance.now();
    await client.query(`drop database if exists ${escapeIdentifier(name)} with (force)`);
    await client.query(
      `create database ${escapeIdentifier(name)} template ${escapeIdentifier(template)}`,
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${name}: a fresh copy of ${template} (${seconds} s)`);
  } finally {
    await client.end();
  }
}
