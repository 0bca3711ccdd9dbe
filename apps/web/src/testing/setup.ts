import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetToasts } from '../components/ui/use-toast.ts';

afterEach(() => {
  cleanup();
  resetToasts();
  localStorage.clear();
});
