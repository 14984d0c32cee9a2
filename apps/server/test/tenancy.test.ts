import { eq, sql } from 'drizzle-orm';
import { contacts, threadMessages, threads } from '../src/db/schema/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/modules/demo/seed.ts';
import { queryRows, type Db } from '../src/platform/db/database.ts';
import { findCompanyBySlug } from '../src/modules/companies/service.ts';
import { createTestApp, type TestApp } from './app.ts';
import { injectAs, makeActor } from './factories.ts';
import {
  documentedOperations,
  markersOf,
  PUBLIC_OPERATIONS,
  TENANCY_PROBES,
  tenantSnapshot,
  tenantTables,
  type Foreign,
} from './tenancy.ts';

let t: TestApp;
let foreign: Foreign;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
  const demo = (await findCompanyBySlug(t.database.db, 'demo'))!;
  await addForeignData(t.database.db, demo.id);
  foreign = { companyId: demo.id, rows: await tenantSnapshot(t.database.db, demo.id) };
});
afterAll(() => t.close());

describe('tenancy', () => {
  it('every table except companies belongs to a company (company_id not null)', async () => {
    const rows = await queryRows<{ table_name: string; is_nullable: string | null }>(
      t.database.db,
      sql`
      select t.table_name, c.is_nullable from information_schema.tables t
      left join information_schema.columns c
        on c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'company_id'
      where t.table_schema = 'public' and t.table_type = 'BASE TABLE'`,
    );
    const offenders = rows
      .filter((row) => row.table_name !== 'companies' && row.is_nullable !== 'NO')
      .map((row) => row.table_name);
    expect(offenders).toEqual([]);
    expect((await tenantTables(t.database.db)).length).toBeGreaterThan(5);
  });

  it('every API operation is either probed for tenancy or public for a stated reason', () => {
    const covered = new Set([
      ...TENANCY_PROBES.map((probe) => probe.operation),
      ...Object.keys(PUBLIC_OPERATIONS),
    ]);
    const missing = documentedOperations(t.app).filter((operation) => !covered.has(operation));
    expect(missing).toEqual([]);
  });

  it.each(['attendant', 'supervisor', 'admin', 'super_admin'] as const)(
    'a %s of another company never reads nor changes company B through any endpoint',
    async (role) => {
      const markers = markersOf(foreign);
      expect(markers.length).toBeGreaterThan(30);
      for (const probe of TENANCY_PROBES) {
        // A fresh actor per probe: logout and password probes end their session.
        const actor = await makeActor(t.app, t.database.db, role);
        const request = probe.request(foreign);
        const response = await injectAs(t.app, actor, request);
        if (probe.expect === 'not_found') {
          expect(response.statusCode, probe.operation).toBe(404);
        } else {
          expect(response.statusCode, `${probe.operation}: ${response.body}`).toBeLessThan(500);
          expect(response.statusCode, probe.operation).not.toBe(404);
        }
        // What the attacker sent (a phone number they typed) may come back; anything else of B may not.
        const sent = JSON.stringify(request);
        const leaked = markers.filter((marker) => response.body.includes(marker) && !sent.includes(marker));
        expect(leaked, probe.operation).toEqual([]);
      }
      expect(await tenantSnapshot(t.database.db, foreign.companyId)).toEqual(foreign.rows);
    },
  );
});

/** Rows the demo seed does not have, so every endpoint has something of company B to aim at. */
async function addForeignData(db: Db, companyId: string): Promise<void> {
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(eq(contacts.companyId, companyId))
    .limit(1);
  const [thread] = await db
    .insert(threads)
    .values({
      companyId,
      contactId: contact!.id,
      name: 'Negociação sigilosa da empresa B',
      privacy: 'private',
    })
    .returning();
  await db
    .insert(threadMessages)
    .values({ companyId, threadId: thread!.id, text: 'Detalhes internos da empresa B' });
}
