// The cache prefix of every broadcasts entry: the broadcasts feature reads under it, the live link (realtime
// `broadcast.changed`) invalidates it.
export const BROADCASTS_KEY = ['broadcasts'] as const;
