/** Every route of the spec's route table (accounts spec section 2); some are not built yet and show the 404. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  account: '/account',
  about: '/about',
  blog: '/blog',
  contact: '/contact',
  academicConcierge: '/academic-concierge',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  adminAnalytics: '/admin/analytics',
  book: (id: string) => `/book/${encodeURIComponent(id)}`,
  format: (id: string) => `/format/${encodeURIComponent(id)}`,
} as const;
