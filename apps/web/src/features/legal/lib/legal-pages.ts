import type { ReactNode } from 'react';
import { WEB_ROUTES } from '@quire/contracts';

/** The day both legal pages were last revised, as `YYYY-MM-DD` (shown as "Last updated" and in `<time dateTime>`). */
export const LEGAL_LAST_UPDATED = '2026-11-27';

/** Paths of the two pages (workspace spec section 2, "Other pages"; the site footer links to them). */
export const PRIVACY_POLICY_PATH = WEB_ROUTES.privacyPolicy.path;
export const TERMS_OF_SERVICE_PATH = WEB_ROUTES.termsOfService.path;

/** Where a signed-in user manages and deletes the account (the deletion instructions point here). */
export const ACCOUNT_PATH = WEB_ROUTES.account.path;

/** One numbered section of a legal page: its anchor (`#id`, linked from the contents), heading and text. */
export type LegalSection = {
  /** Anchor of the section, stable across revisions so that links into the page keep working. */
  id: string;
  title: string;
  body: ReactNode;
};
