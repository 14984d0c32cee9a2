// A small RFC 4180 reader for the spreadsheets administrators upload: quoted cells with "" for a quote and line
// breaks inside, CRLF or LF, a UTF-8 byte-order mark tolerated, and comma or semicolon as the separator
// (Excel in Brazil and Portugal writes semicolons), told apart by the header line.

export type CsvRecord = {
  /** The line the record starts on (1-based; a quoted cell may span lines). */ line: number;
  cells: string[];
};

export class CsvError extends Error {
  constructor(readonly line: number) {
    super(`unterminated quote from line ${line}`);
    this.name = 'CsvError';
  }
}

/** The separator of the header line: the one of `,` and `;` found more often outside quotes. */
export function detectSeparator(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** The records of a CSV text; blank lines (and lines of separators only) are left out. */
export function parseCsv(
  input: string,
  separator = detectSeparator(input.replace(/^\uFEFF/, '')),
): CsvRecord[] {
  const text = input.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  /** Whether the current cell began with a quote (text after its closing quote is kept as written). */
  let quoteStart = 0;

  const endRecord = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== '')) records.push({ line: start, cells });
    cells = [];
    cell = '';
  };

  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') {
      quoted = true;
      quoteStart = line;
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += char;
  }
  if (quoted) throw new CsvError(quoteStart);
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
