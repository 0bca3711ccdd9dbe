import { afterEach, describe, expect, it } from 'vitest';
import { inquiry } from '../../../testing/concierge-fixtures.ts';
import { INQUIRY_STORAGE_KEY, clearInquiry, loadInquiry, saveInquiry } from './inquiry-storage.ts';

afterEach(() => sessionStorage.clear());

describe('concierge inquiry storage (accounts spec section 3: held only in browser storage until paid)', () => {
  it('saves the inquiry under one session-storage key and reads it back', () => {
    saveInquiry(inquiry);
    expect(JSON.parse(sessionStorage.getItem(INQUIRY_STORAGE_KEY) ?? '')).toEqual(inquiry);
    expect(loadInquiry()).toEqual(inquiry);
  });

  it('reads nothing when nothing is stored, or what is stored is not a whole inquiry', () => {
    expect(loadInquiry()).toBeNull();
    sessionStorage.setItem(INQUIRY_STORAGE_KEY, '{not json');
    expect(loadInquiry()).toBeNull();
    sessionStorage.setItem(INQUIRY_STORAGE_KEY, JSON.stringify({ ...inquiry, email: '' }));
    expect(loadInquiry()).toBeNull();
  });

  it('clears it', () => {
    saveInquiry(inquiry);
    clearInquiry();
    expect(sessionStorage.getItem(INQUIRY_STORAGE_KEY)).toBeNull();
    expect(loadInquiry()).toBeNull();
  });
});
