/** The whole database schema (Drizzle, `pg` dialect), the source of truth for the generated migrations. */
export * from './users.ts';
export * from './sessions.ts';
export * from './books.ts';
export * from './exports.ts';
export * from './user-preferences.ts';
export * from './book-assets.ts';
export * from './custom-templates.ts';
export * from './user-style-guides.ts';
export * from './covers.ts';
export * from './extractions.ts';
export * from './password-reset-tokens.ts';
export * from './user-subscriptions.ts';
export * from './payments.ts';
export * from './page-views.ts';
export * from './admin-sessions.ts';
export * from './document-usage.ts';
export * from './stripe-events.ts';
