/** Writes file.br and file.gz when each is smaller than the file; answers the sizes [raw, br, gzip]. */
export function precompressFile(path: string): [number, number, number];
/** Precompresses every text asset of `dir` (recursively) of at least 1 KB. */
export function precompressDir(dir: string): void;
