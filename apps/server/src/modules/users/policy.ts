// Users' presence rule; what each role and flag may do is the contract's table (abilities.ts).

/** A user counts as online when a heartbeat arrived within two missed beats. */
export const ONLINE_WINDOW_MS = 75_000;
