/** @quire/contracts: zod schemas and types of every API request and response. */
export * from './ai-cleanup.ts';
export * from './admin.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './books.ts';
export * from './covers.ts';
export * from './errors.ts';
export * from './exports.ts';
export * from './extractions.ts';
export * from './genres.ts';
export * from './imports.ts';
export * from './layout.ts';
export * from './layout-report.ts';
export * from './plans.ts';
export * from './preferences.ts';
export * from './style-guide-uploads.ts';
export * from './web-routes.ts';
