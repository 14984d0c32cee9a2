// Every table of the database, as drizzle sees it; migrations are generated from this module.
export * from './companies.ts';
export * from './catalogues.ts';
export * from './users.ts';
export * from './contacts.ts';
export * from './audit.ts';
export * from './views.ts';
export * from './teams.ts';
export * from './product.ts';
export * from './pauses.ts';
export * from './suggestions.ts';
export * from './changelog.ts';
export * from './broadcasts.ts';
export * from './ai.ts';
export * from './profile.ts';
export * from './voice.ts';
export * from './pipelines.ts';
export * from './analytics.ts';
