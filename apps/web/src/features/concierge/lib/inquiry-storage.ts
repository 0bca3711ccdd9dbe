import { ConciergeInquirySchema, type ConciergeInquiry } from '@quire/contracts';

/**
 * The Academic Concierge inquiry lives only in this tab's session storage until it is paid for (accounts spec
 * section 3: "held only in browser storage until payment succeeds"): the form saves it, the checkout reads it and
 * sends it with the payment, the success page clears it.
 */
export const INQUIRY_STORAGE_KEY = 'quire.conciergeInquiry';

/** Stores the inquiry, replacing any earlier one. */
export function saveInquiry(inquiry: ConciergeInquiry): void {
  sessionStorage.setItem(INQUIRY_STORAGE_KEY, JSON.stringify(inquiry));
}

/** The stored inquiry, or null when there is none or what is stored is not a complete inquiry. */
export function loadInquiry(): ConciergeInquiry | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(INQUIRY_STORAGE_KEY);
  } catch {
    return null; // storage refused (privacy settings): as if nothing were stored
  }
  if (!raw) return null;
  try {
    const parsed = ConciergeInquirySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Forgets the inquiry (once it is paid for). */
export function clearInquiry(): void {
  try {
    sessionStorage.removeItem(INQUIRY_STORAGE_KEY);
  } catch {
    // Nothing stored can be read either.
  }
}
