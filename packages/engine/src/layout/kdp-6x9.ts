/** The KDP 6x9 layout, re-exported where the writers' tests import it; the definition is `style-guides/kdp-6x9.ts`. */
export { kdp6x9Layout } from './style-guides/kdp-6x9.ts';
