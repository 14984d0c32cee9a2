// The PostgreSQL data set as generated, kept beside it as a template database (`<name>_generated`) and put
// back before each run. Every run writes (sends, ingest, the widget): left in place, those messages became the
// newest of the company, matched almost no search term, and the next run measured another data set (the
// supervisor's company search: 1.6 → 27.5 ms of database CPU with no change of code).
import type pg from 'pg';
import { withClient } from './pg-client.ts';

const snapshotOf = (name: string) => `${name}_generated`;

/** Runs `work` on the server's maintenance database, with the name of the database `url` points at. */
async function onServer<T>(url: string, work: (client: pg.Client, name: string) => Promise<T>): Promise<T> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = '/postgres';
  return withClient(target.toString(), (client) => work(client, name));
}

/** Keeps the data set of `url` as it is now (nobody may be connected to it). */
export async function keepSnapshot(url: string): Promise<void> {
  await onServer(url, async (client, name) => {
    const snapshot = client.escapeIdentifier(snapshotOf(name));
    await client.query(`drop database if exists ${snapshot}`);
    await client.query(
      `create database ${snapshot} template ${client.escapeIdentifier(name)} strategy file_copy`,
    );
  });
}

/** Puts the data set of `url` back as it was kept, if it was; answers whether it did. */
export async function restoreSnapshot(url: string): Promise<boolean> {
  return onServer(url, async (client, name) => {
    const kept = await client.query('select 1 from pg_database where datname = $1', [snapshotOf(name)]);
    if (kept.rowCount === 0) return false;
    const database = client.escapeIdentifier(name);
    await client.query(`drop database if exists ${database} with (force)`);
    await client.query(
      `create database ${database} template ${client.escapeIdentifier(snapshotOf(name))} strategy file_copy`,
    );
    return true;
  });
}
