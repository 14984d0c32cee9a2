// The files of a users import: the template an administrator fills in, and the temporary passwords handed back
// (one row per created user), both CSV as the server reads it (RFC 4180 quoting, UTF-8 with a BOM so Excel
// shows accents right).
import { USER_IMPORT_COLUMNS, type UserImportResult } from '@atende/contract';

const quote = (value: string) => (/[",;\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csv = (rows: string[][]) => `\uFEFF${rows.map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`;

export const TEMPLATE_FILENAME = 'modelo-usuarios.csv';
export const PASSWORDS_FILENAME = 'usuarios-senhas.csv';

/** The header and one example row (segments and teams separated by |). */
export const templateCsv = () =>
  csv([
    [...USER_IMPORT_COLUMNS],
    [
      'Ana Lima',
      'ana.lima',
      'ana@example.com',
      'attendant',
      'pt_br',
      'America/Sao_Paulo',
      'Varejo|Atacado',
      'Equipe Norte',
    ],
  ]);

export const passwordsCsv = (created: UserImportResult['created']) =>
  csv([
    ['name', 'username', 'temporary_password'],
    ...created.map(({ user, temporary_password }) => [user.name, user.username, temporary_password]),
  ]);
