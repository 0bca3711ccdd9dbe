import { RESET_LINK_VALID_MINUTES } from '@quire/contracts';

/** How long a reset link is valid, in words (accounts spec section 9: '1 hour'). */
export function linkValidityText(minutes: number = RESET_LINK_VALID_MINUTES): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
