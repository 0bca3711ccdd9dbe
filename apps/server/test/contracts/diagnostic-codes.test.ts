import { DIAGNOSTIC_CODES as CONTRACT_CODES } from '@quire/contracts';
import { DIAGNOSTIC_CODES as ENGINE_CODES } from '@quire/engine';
import { expect, it } from 'vitest';

// The web reads diagnostics through the contracts, the engine makes them: one list of kinds in both.
it('names the same diagnostic kinds in the contracts and the engine', () => {
  expect([...CONTRACT_CODES]).toEqual([...ENGINE_CODES]);
});
