export const BUDGET_GZIP_BYTES: number;
export const OUTPUT: string;
/** Builds dist/widget.js and answers its gzip size in bytes. */
export function buildWidget(): Promise<number>;
