// Text with the fragments that match a search term marked (case- and accent-insensitive, like the server).
import { Fragment } from 'react';

const fold = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Ranges [start, end) of `term` in `text`, compared without case or accents. */
export function matchRanges(text: string, term: string): [number, number][] {
  const needle = fold(term.trim());
  if (needle.length === 0) return [];
  // Folding may change lengths (decomposed letters): map folded offsets back to the original text.
  const offsets: number[] = [];
  let folded = '';
  for (let index = 0; index < text.length; index++) {
    const piece = fold(text[index] ?? '');
    for (let k = 0; k < piece.length; k++) offsets.push(index);
    folded += piece;
  }
  offsets.push(text.length);
  const ranges: [number, number][] = [];
  let from = folded.indexOf(needle);
  while (from !== -1) {
    ranges.push([offsets[from] ?? 0, offsets[from + needle.length] ?? text.length]);
    from = folded.indexOf(needle, from + needle.length);
  }
  return ranges;
}

export function HighlightedText({ text, term }: { text: string; term: string | null }) {
  const ranges = term ? matchRanges(text, term) : [];
  if (ranges.length === 0) return <>{text}</>;
  let cursor = 0;
  return (
    <>
      {ranges.map(([start, end]) => {
        const before = text.slice(cursor, start);
        cursor = end;
        return (
          <Fragment key={start}>
            {before}
            <mark>{text.slice(start, end)}</mark>
          </Fragment>
        );
      })}
      {text.slice(cursor)}
    </>
  );
}
