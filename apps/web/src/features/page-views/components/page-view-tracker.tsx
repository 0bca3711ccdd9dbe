import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { recordPageView } from '../api/record-page-view.ts';

/**
 * Reports every route the visitor lands on, the first one included, once per change of path. Renders nothing.
 * A query string change alone is not a new page, and wouter's location leaves it out already.
 */
export function PageViewTracker() {
  const [location] = useLocation();
  // React's strict mode runs effects twice on mount in development; one page view is one report.
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (reported.current === location) return;
    reported.current = location;
    recordPageView(location);
  }, [location]);
  return null;
}
