import { USER_IMPORT_MAX_BYTES, USER_IMPORT_MAX_ROWS } from '@atende/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, teamMembers, teams, users, userWallets, wallets } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  injectAs,
  loginAs,
  makeActor,
  makeCompany,
  makeUser,
  multipartBody,
  type Actor,
} from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PREVIEW = '/api/center/users/import/preview';
const IMPORT = '/api/center/users/import';
const HEADER = 'name,username,email,role,language,timezone,segments';

/** multipartBody's boundary is random: the body and its header must come from one call. */
const send = (actor: Actor, csv: string | Buffer, language = 'pt-BR') => {
  const body = multipartBody([
    { name: 'file', filename: 'usuarios.csv', type: 'text/csv', data: Buffer.from(csv) },
  ]);
  return injectAs(t.app, actor, {
    method: 'POST',
    url: PREVIEW,
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': language },
  });
};

const companyUsers = (companyId: string) =>
  t.database.db.select().from(users).where(eq(users.companyId, companyId));
const makeWallet = async (companyId: string, name: string, archived = false) =>
  (
    await t.database.db
      .insert(wallets)
      .values({ companyId, name, archivedAt: archived ? new Date() : null })
      .returning()
  )[0]!;
const makeTeam = async (companyId: string, name: string, archived = false) =>
  (
    await t.database.db
      .insert(teams)
      .values({ companyId, name, archivedAt: archived ? new Date() : null })
      .returning()
  )[0]!;
const errorsOf = (row: { errors: { field: string; message: string }[] }) =>
  Object.fromEntries(row.errors.map((error) => [error.field, error.message]));

describe('POST /api/center/users/import/preview', () => {
  it('reads a semicolon file with a BOM and quotes, and checks each row by the rules of one user', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    await makeWallet(admin.company.id, 'Varejo');
    await makeWallet(admin.company.id, 'Atacado');
    await makeWallet(admin.company.id, 'Antiga', true);
    const other = await makeCompany(t.database.db);
    await makeWallet(other.id, 'Alheia');
    await makeUser(t.database.db, admin.company, { username: 'existente' });
    const csv = [
      'Name;USERNAME;email;role;language;timezone;segments',
      '"Lima; Ana";Ana.Lima;Ana@Example.com;attendant;pt-BR;America/Sao_Paulo;varejo | Atacado',
      'Bruno;bruno;;Supervisor;;Europe/Lisbon;',
      'Dup Um;dup;;attendant;;America/Sao_Paulo;',
      'Dup Dois;DUP;;attendant;;America/Sao_Paulo;',
      'Existe;Existente;;attendant;;America/Sao_Paulo;',
      'Formato;tem espaço;nope;super_admin;de;Mars/Olympus;Antiga|Alheia',
      ';;;;;;',
      ' ;x;;admin;;UTC;',
    ].join('\r\n');
    const before = await companyUsers(admin.company.id);
    const response = await send(admin, `\uFEFF${csv}`);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview).toMatchObject({ valid: 2, invalid: 5 });
    expect(preview.rows.map((row: { line: number }) => row.line)).toEqual([2, 3, 4, 5, 6, 7, 9]);
    expect(preview.rows[0]).toEqual({
      line: 2,
      name: 'Lima; Ana',
      username: 'Ana.Lima',
      email: 'Ana@Example.com',
      role: 'attendant',
      language: 'pt-BR',
      timezone: 'America/Sao_Paulo',
      segments: ['varejo', 'Atacado'],
      // A file of the template before teams: read as no team.
      teams: [],
      errors: [],
    });
    expect(preview.rows[1]).toMatchObject({ role: 'supervisor', errors: [] });
    const duplicated = (username: string) => `O usuário “${username}” aparece mais de uma vez no arquivo.`;
    expect(errorsOf(preview.rows[2])).toEqual({ username: duplicated('dup') });
    expect(errorsOf(preview.rows[3])).toEqual({ username: duplicated('dup') });
    expect(errorsOf(preview.rows[4])).toEqual({
      username: 'O usuário “existente” já existe nesta empresa: escolha outro.',
    });
    // Each field's own error; the first unknown segment named (archived and another company's alike).
    expect(errorsOf(preview.rows[5])).toEqual({
      username: 'O campo “usuário” está em um formato inválido.',
      email: 'O campo “e-mail” deve conter um e-mail válido.',
      role: 'O campo “perfil” tem um valor não aceito.',
      language: 'O campo “idioma” tem um valor não aceito.',
      timezone: 'Fuso horário desconhecido.',
      segments: 'A carteira “Antiga” não existe nesta empresa.',
    });
    expect(errorsOf(preview.rows[6])).toEqual({ name: 'Informe o campo “nome”.' });
    // Nothing written.
    expect(await companyUsers(admin.company.id)).toEqual(before);
  });

  it('reads a teams column by name, like segments, naming an unknown, archived or foreign team', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    await makeTeam(admin.company.id, 'Norte');
    await makeTeam(admin.company.id, 'Sul');
    await makeTeam(admin.company.id, 'Velha', true);
    await makeTeam((await makeCompany(t.database.db)).id, 'Alheia');
    const csv = [
      `${HEADER},teams`,
      'Ana,ana,,attendant,,UTC,,norte | Sul',
      'Bia,bia,,attendant,,UTC,,Norte|Alheia',
      'Caio,caio,,attendant,,UTC,,Velha',
    ].join('\n');
    const response = await send(admin, csv);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview).toMatchObject({ valid: 1, invalid: 2 });
    expect(preview.rows[0]).toMatchObject({ teams: ['norte', 'Sul'], errors: [] });
    expect(errorsOf(preview.rows[1])).toEqual({
      teams: 'A equipe “Alheia” não existe nesta empresa ou está arquivada.',
    });
    expect(errorsOf(preview.rows[2])).toEqual({
      teams: 'A equipe “Velha” não existe nesta empresa ou está arquivada.',
    });
  });

  it('answers the errors in the reader’s language and reads a Windows-1252 file', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const latin1 = Buffer.from(`${HEADER}\nJoão Araújo,joao,,attendant,,UTC,Mars\n`, 'latin1');
    const response = await send(admin, latin1, 'en');
    expect(response.statusCode).toBe(200);
    expect(response.json().rows[0]).toMatchObject({
      name: 'João Araújo',
      errors: [{ field: 'segments', message: 'The segment “Mars” does not exist in this company.' }],
    });
  });

  it('refuses a wrong header, naming the missing columns, and a file with no rows', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const missing = await send(admin, 'nome,username,role,timezone\nAna,ana,attendant,UTC\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'csv_missing_columns',
      message: 'Faltam colunas no cabeçalho do arquivo: name, email, language, segments. Use o modelo.',
    });
    const english = await send(admin, 'a,b\n1,2\n', 'en');
    expect(english.json().message).toBe(
      'The file’s header lacks these columns: name, username, email, role, language, timezone, segments. Use the template.',
    );
    expect((await send(admin, `${HEADER}\n\n`)).json().code).toBe('csv_empty');
    const unclosed = await send(admin, `${HEADER}\n"Ana,ana,,attendant,,UTC,\n`);
    expect(unclosed.json()).toMatchObject({
      code: 'csv_invalid',
      message: 'O arquivo CSV é inválido: há aspas sem fechamento a partir da linha 2.',
    });
  });

  it('bounds the file: too large, too many rows', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const large = await send(admin, `${HEADER}\n${'x'.repeat(USER_IMPORT_MAX_BYTES)}\n`);
    expect(large.statusCode).toBe(400);
    expect(large.json()).toMatchObject({
      code: 'csv_too_large',
      message: 'O arquivo é maior que o limite de 256 KB.',
    });
    const rows = Array.from({ length: USER_IMPORT_MAX_ROWS + 1 }, (_, i) => `U${i},u${i},,attendant,,UTC,`);
    const many = await send(admin, [HEADER, ...rows].join('\n'));
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({
      code: 'csv_too_many_rows',
      message: 'O arquivo tem mais de 500 usuários: divida-o em arquivos menores.',
    });
  });

  it('is for administrators only', async () => {
    for (const role of ['supervisor', 'attendant'] as const) {
      const actor = await makeActor(t.app, t.database.db, role);
      expect((await send(actor, `${HEADER}\nAna,ana,,attendant,,UTC,\n`)).statusCode).toBe(403);
      const imported = await injectAs(t.app, actor, {
        method: 'POST',
        url: IMPORT,
        payload: { rows: [row({ username: 'ana' })] },
      });
      expect(imported.statusCode).toBe(403);
      expect(await companyUsers(actor.company.id)).toHaveLength(1);
    }
  });
});

const row = (overrides: object = {}) => ({
  line: 2,
  name: 'Ana Lima',
  username: 'ana',
  email: '',
  role: 'attendant',
  language: '',
  timezone: 'America/Sao_Paulo',
  segments: [],
  ...overrides,
});

describe('POST /api/center/users/import', () => {
  it('puts the imported users in their teams, and refuses a row naming another company’s team', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const north = await makeTeam(admin.company.id, 'Norte');
    await makeTeam((await makeCompany(t.database.db)).id, 'Alheia');
    const response = await injectAs(t.app, admin, {
      method: 'POST',
      url: IMPORT,
      payload: {
        rows: [
          row({ line: 2, username: 'ana', teams: ['NORTE'] }),
          row({ line: 3, username: 'bia', teams: ['Alheia'] }),
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result.created.map((created: { user: { teams: unknown } }) => created.user.teams)).toEqual([
      [{ id: north.id, name: 'Norte' }],
    ]);
    expect(result.rejected.map((rejected: { line: number }) => rejected.line)).toEqual([3]);
    const members = await t.database.db.select().from(teamMembers).where(eq(teamMembers.teamId, north.id));
    expect(members).toMatchObject([{ userId: result.created[0].user.id, supervisor: false }]);
    const usernames = (await companyUsers(admin.company.id)).map((user) => user.username);
    expect(usernames.sort()).toEqual([admin.user.username, 'ana'].sort());
  });

  it('checks every row again and creates exactly the valid ones as invitations, with one audit entry', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const varejo = await makeWallet(admin.company.id, 'Varejo');
    const other = await makeCompany(t.database.db);
    await makeWallet(other.id, 'Alheia');
    await makeUser(t.database.db, admin.company, { username: 'taken' });
    const response = await injectAs(t.app, admin, {
      method: 'POST',
      url: IMPORT,
      payload: {
        rows: [
          row({ line: 2, name: 'Ana', username: 'Ana', email: 'ana@example.com', segments: ['VAREJO'] }),
          row({ line: 3, name: 'Bia', username: 'bia', role: 'supervisor', language: 'en' }),
          // Edited after the preview, or changed since: refused all the same.
          row({ line: 4, username: 'taken' }),
          row({ line: 5, username: 'carla', role: 'super_admin' }),
          row({ line: 6, username: 'dora', segments: ['Alheia'] }),
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result.created.map((c: { user: { username: string } }) => c.user.username)).toEqual([
      'ana',
      'bia',
    ]);
    expect(result.created[0].user).toMatchObject({
      email: 'ana@example.com',
      role: 'attendant',
      require_new_password: true,
      segments: [{ id: varejo.id, name: 'Varejo' }],
    });
    expect(result.created[1].user).toMatchObject({ role: 'supervisor', language: 'en', segments: [] });
    expect(result.rejected.map((r: { line: number }) => r.line)).toEqual([4, 5, 6]);
    expect(errorsOf(result.rejected[2])).toEqual({
      segments: 'A carteira “Alheia” não existe nesta empresa.',
    });
    expect((await companyUsers(admin.company.id)).map((user) => user.username).sort()).toEqual(
      ['ana', 'bia', 'taken', admin.user.username].sort(),
    );
    const ana = (await companyUsers(admin.company.id)).find((user) => user.username === 'ana')!;
    expect(await t.database.db.select().from(userWallets).where(eq(userWallets.userId, ana.id))).toHaveLength(
      1,
    );
    // The temporary password signs in once, for a forced change.
    const token = await loginAs(t.app, admin.company, ana, result.created[0].temporary_password);
    const me = (await injectAs(t.app, { token }, { method: 'GET', url: '/api/user' })).json();
    expect(me.require_new_password).toBe(true);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.companyId, admin.company.id));
    expect(audit.map((event) => event.kind)).toEqual(['users_imported']);
    expect(audit[0]).toMatchObject({
      actorUserId: admin.user.id,
      details: { count: 2, usernames: 'ana, bia' },
    });
  });

  it('creates nothing and records nothing when no row is valid; refuses a malformed body', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const response = await injectAs(t.app, admin, {
      method: 'POST',
      url: IMPORT,
      payload: { rows: [row({ timezone: 'Mars/Olympus' })] },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ created: [], rejected: [{ line: 2 }] });
    for (const rows of [[], [row({ username: 'nul\u0000' })]]) {
      const bad = await injectAs(t.app, admin, { method: 'POST', url: IMPORT, payload: { rows } });
      expect(bad.statusCode).toBe(400);
    }
    // A file may hold anything: a NUL in a cell is that row's error, never a failed query.
    const nul = await send(admin, `${HEADER}\nNul,a\u0000b,,attendant,,UTC,\n`);
    expect(nul.statusCode).toBe(200);
    expect(errorsOf(nul.json().rows[0])).toHaveProperty('username');
    expect(await companyUsers(admin.company.id)).toHaveLength(1);
    expect(
      await t.database.db.select().from(auditEvents).where(eq(auditEvents.companyId, admin.company.id)),
    ).toEqual([]);
  });
});
