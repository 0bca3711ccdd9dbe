import { describe, expect, it } from 'vitest';
import { getErrorMessage, getErrorStatus, getUpgradeOffer, NETWORK_ERROR_MESSAGE } from './errors.ts';

describe('getErrorMessage', () => {
  it('takes the message of a JSON error body', () => {
    expect(getErrorMessage(new Error('401: {"message":"Invalid email or password"}'), 'x')).toBe(
      'Invalid email or password',
    );
  });

  it('keeps a plain-text body as it is', () => {
    expect(getErrorMessage(new Error('500: Something broke'), 'x')).toBe('Something broke');
    expect(getErrorMessage(new Error('404: Not Found'), 'x')).toBe('Not Found');
  });

  it('falls back when the body has nothing a person can read', () => {
    expect(getErrorMessage(new Error('502: <html><body>Bad gateway</body></html>'), 'Fallback')).toBe('Fallback');
    expect(getErrorMessage(new Error('500: {"statusCode":500}'), 'Fallback')).toBe('Fallback');
    expect(getErrorMessage(new Error('500: {"message":"  "}'), 'Fallback')).toBe('Fallback');
    expect(getErrorMessage('not an error', 'Fallback')).toBe('Fallback');
    expect(getErrorMessage(new Error(''), 'Fallback')).toBe('Fallback');
  });

  it('uses the `error` field when a JSON body has no message', () => {
    expect(getErrorMessage(new Error('400: {"error":"Bad Request"}'), 'x')).toBe('Bad Request');
  });

  it('keeps the text of an error that did not come from the request helper', () => {
    expect(getErrorMessage(new Error('The text cannot be empty'), 'x')).toBe('The text cannot be empty');
  });

  it('says the server could not be reached when fetch itself failed', () => {
    expect(getErrorMessage(new TypeError('Failed to fetch'), 'x')).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe('getErrorStatus', () => {
  it('reads the status of a request helper error', () => {
    expect(getErrorStatus(new Error('401: {"message":"no"}'))).toBe(401);
    expect(getErrorStatus(new Error('Failed'))).toBeNull();
    expect(getErrorStatus(null)).toBeNull();
  });
});

describe('getUpgradeOffer', () => {
  const offer = { reason: 'feature', feature: 'epub-export', plans: ['premium', 'publisher'], documentPurchase: false };

  it('reads the `upgrade` of a 402 or 403 refusal', () => {
    const body = JSON.stringify({ message: 'EPUB export is in the Premium and Publisher plans.', upgrade: offer });
    expect(getUpgradeOffer(new Error(`403: ${body}`))).toEqual(offer);
    expect(getUpgradeOffer(new Error(`402: ${body}`))).toEqual(offer);
    expect(getErrorMessage(new Error(`402: ${body}`), 'x')).toBe('EPUB export is in the Premium and Publisher plans.');
  });

  it('is null for any other error', () => {
    const body = JSON.stringify({ message: 'No', upgrade: offer });
    expect(getUpgradeOffer(new Error(`400: ${body}`))).toBeNull();
    expect(getUpgradeOffer(new Error('403: {"message":"Forbidden"}'))).toBeNull();
    expect(getUpgradeOffer(new Error('402: Payment Required'))).toBeNull();
    expect(getUpgradeOffer(new Error('402: {"message":"x","upgrade":{"reason":"nonsense"}}'))).toBeNull();
    expect(getUpgradeOffer(new Error('402: {not json'))).toBeNull();
    expect(getUpgradeOffer('402')).toBeNull();
  });
});
