import { createContext, useContext, type ReactNode } from 'react';
import { PLAN_CATALOGUE, type PlanFeature, type UpgradeOffer } from '@quire/contracts';
import { getErrorMessage, getUpgradeOffer } from '../lib/errors.ts';

/** What an upgrade offer is drawn from: the server's words, the way up, and the book it was refused for (if any). */
export type UpgradeOfferProps = {
  message: string;
  offer: UpgradeOffer;
  bookId?: string | undefined;
  onDismiss?: (() => void) | undefined;
  /** Offered before anything was refused (a feature shown where it would be used): not announced as an alert. */
  passive?: boolean | undefined;
};

const UpgradeOfferContext = createContext<((props: UpgradeOfferProps) => ReactNode) | null>(null);

/**
 * Lets a page say how an upgrade offer is drawn. Features never import one another, so a refusal inside the books
 * area (an export, an AI cover, a style-guide upload) shows the offer of the billing area through this slot, which
 * the workspace page fills (and the home page, for the Publisher plan's batch import and ZIP export).
 */
export function UpgradeOfferProvider({ render, children }: { render: (props: UpgradeOfferProps) => ReactNode; children: ReactNode }) {
  return <UpgradeOfferContext.Provider value={render}>{children}</UpgradeOfferContext.Provider>;
}

/**
 * The upgrade offer of a failed call refused for the user's plan (a 402 or 403 carrying `upgrade`), drawn by the
 * page's renderer; `children` (or nothing) for any other error, or where no page offers upgrades.
 */
export function UpgradeOfferSlot({ error, bookId, fallback, onDismiss, children = null }: {
  error: unknown;
  bookId?: string | undefined;
  /** The message when the server's body has none. */
  fallback: string;
  onDismiss?: () => void;
  /** What shows instead when no offer is drawn (the plain failure). */
  children?: ReactNode;
}) {
  const render = useContext(UpgradeOfferContext);
  const offer = getUpgradeOffer(error);
  if (!render || !offer) return children;
  return render({ message: getErrorMessage(error, fallback), offer, bookId, onDismiss });
}

/**
 * The way up to a plan feature the user's plan lacks, offered where the feature would be used before anything is
 * refused (the Batch tab of a user below the Publisher plan), drawn by the page's renderer like a refusal's offer;
 * `children` (or nothing) where no page offers upgrades.
 */
export function FeatureOfferSlot({ feature, message, children = null }: {
  feature: PlanFeature;
  /** Why the feature is not here, and which plan has it. */
  message: string;
  children?: ReactNode;
}) {
  const render = useContext(UpgradeOfferContext);
  if (!render) return children;
  const plans = PLAN_CATALOGUE.subscriptions.filter((s) => s.features.includes(feature)).map((s) => s.id);
  return render({ message, offer: { reason: 'feature', feature, plans, documentPurchase: false }, passive: true });
}
