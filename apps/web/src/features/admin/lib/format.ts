
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');

/** An amount in US dollars (not cents: contracts `formatUsd` takes cents), as `$1,234.50`. */
export function formatDollars(amount: number): string {
  return usd.format(amount);
}

/** A whole number with thousands separators: `12,345`. */
export function formatCount(value: number): string {
  return count.format(value);
}
