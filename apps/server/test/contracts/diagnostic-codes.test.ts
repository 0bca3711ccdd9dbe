import { DIAGNOSTIC_CODES as CONTRACT_CODES, STRUCTURE_WARNING_CODES as CONTRACT_STRUCTURE_CODES } from '@quire/contracts';
import { DIAGNOSTIC_CODES as ENGINE_CODES, STRUCTURE_WARNING_CODES as ENGINE_STRUCTURE_CODES } from '@quire/engine';
import { expect, it } from 'vitest';

// The web reads diagnostics through the contracts, the engine makes them: one list of kinds in both.
it('names the same diagnostic kinds in the contracts and the engine', () => {
  expect([...CONTRACT_CODES]).toEqual([...ENGINE_CODES]);
});

// Likewise the structure warnings of the Clean tab (engine `summarizeStructure`).
it('names the same structure warning kinds in the contracts and the engine', () => {
  expect([...CONTRACT_STRUCTURE_CODES]).toEqual([...ENGINE_STRUCTURE_CODES]);
});
