// LIKE patterns built from user input: %, _ and \ in the input match themselves.
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
