// The contract between server, web app and widget: every call's schemas, enums, constants and error codes.
export * from './enums.ts';
export * from './constants.ts';
export * from './time-zones.ts';
export * from './errors.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './user.ts';
export * from './lists.ts';
export * from './resources.ts';
export * from './health.ts';
export * from './contacts.ts';
export * from './messages.ts';
export * from './threads.ts';
export * from './schedules.ts';
export * from './channel-accounts.ts';
export * from './widget.ts';
export * from './realtime.ts';
