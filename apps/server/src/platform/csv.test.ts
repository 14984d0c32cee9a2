import { describe, expect, it } from 'vitest';
import { CsvError, detectSeparator, parseCsv } from './csv.ts';

const cells = (text: string) => parseCsv(text).map((record) => record.cells);

describe('parseCsv', () => {
  it('reads plain rows, CRLF or LF, and leaves out blank lines and lines of separators only', () => {
    expect(cells('a,b\r\nc,d\n\n,,\ne,f')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
  });

  it('reads quoted cells: separators, escaped quotes and line breaks inside', () => {
    const records = parseCsv('name,note\n"Silva, Ana","say ""hi""\nthen go"\nlast,""\n');
    expect(records).toEqual([
      { line: 1, cells: ['name', 'note'] },
      { line: 2, cells: ['Silva, Ana', 'say "hi"\nthen go'] },
      // A quoted cell spanning two lines: the next record starts on line 4.
      { line: 4, cells: ['last', ''] },
    ]);
  });

  it('drops a UTF-8 byte-order mark and keeps empty cells', () => {
    expect(cells('\uFEFFa,,c\n')).toEqual([['a', '', 'c']]);
  });

  it('tells a semicolon file (Excel in Brazil) by its header, quotes included', () => {
    expect(detectSeparator('name;username;"a,b"\nx,y,z')).toBe(';');
    expect(detectSeparator('name,username;x\n')).toBe(',');
    expect(cells('name;email\n"Lima; Ana";a@b.com\n')).toEqual([
      ['name', 'email'],
      ['Lima; Ana', 'a@b.com'],
    ]);
  });

  it('refuses a quote never closed, naming the line it opened on', () => {
    expect(() => parseCsv('a,b\nc,"open\nstill\n')).toThrow(CsvError);
    try {
      parseCsv('a,b\nc,"open\nstill\n');
    } catch (error) {
      expect((error as CsvError).line).toBe(2);
    }
  });
});
