import type { AdminAnalytics, AnalyticsDay } from '@quire/contracts';

/** Thirty days from 1 March 2025, quiet except for a few. */
function days(): AnalyticsDay[] {
  return Array.from({ length: 30 }, (_, index) => ({
    date: `2025-03-${String(index + 1).padStart(2, '0')}`,
    signUps: index === 4 ? 5 : index % 10 === 0 ? 1 : 0,
    imports: 0,
    exports: index === 29 ? 2 : 0,
    revenue: index === 4 ? 49.5 : 0,
    pageViews: 10,
  }));
}

/** An admin analytics answer with one user and one book of each badge variant. */
export const analyticsFixture: AdminAnalytics = {
  totalUsers: 1280,
  totalBooks: 342,
  activeSubscriptions: 57,
  totalRevenue: 12345.5,
  subscriptionStats: { standard: 31, premium: 18, publisher: 8, payPerDocument: 12 },
  recentUsers: [
    { id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', status: 'active', plan: 'premium', booksUsed: 4, createdAt: '2025-03-28T10:00:00Z' },
    { id: 'u2', firstName: null, lastName: null, email: 'grace@example.com', status: 'free', plan: 'free', booksUsed: 1, createdAt: '2025-03-27T10:00:00Z' },
  ],
  recentBooks: [
    { id: 'b1', title: 'Pride and Prejudice', author: 'Jane Austen', status: 'ready', userEmail: 'ada@example.com', createdAt: '2025-03-28T11:00:00Z' },
    { id: 'b2', title: 'Middlemarch', author: 'George Eliot', status: 'processing', userEmail: 'grace@example.com', createdAt: '2025-03-27T11:00:00Z' },
  ],
  daily: days(),
  topPages: [
    { path: '/', views: 410 },
    { path: '/register', views: 95 },
  ],
};
