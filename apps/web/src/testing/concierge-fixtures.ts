import type { ConciergeInquiry } from '@quire/contracts';

/** A complete concierge inquiry (required fields and one optional), as the form stores it. */
export const inquiry: ConciergeInquiry = {
  name: 'Ada Okafor',
  email: 'ada@university.edu',
  institution: 'University of Leeds',
  degree: 'PhD',
  fieldOfStudy: 'Environmental History',
  thesisTitle: 'Rivers of Salt: Coastal Marshes and the Making of a Port City',
  currentStatus: 'defense-scheduled',
};

/** The user GET /api/auth/user answers for a signed-in test. */
export const signedInUser = {
  id: 'u1',
  email: 'ada@university.edu',
  firstName: 'Ada',
  lastName: 'Okafor',
  profileImageUrl: null,
  createdAt: '2025-01-01T00:00:00Z',
};

/** The answer of POST /api/create-concierge-payment. */
export const conciergeSecret = { clientSecret: 'pi_c_secret_1', amountCents: 29900, description: 'Academic Concierge' };
