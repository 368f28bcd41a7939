import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom does not implement scrolling; the layout scrolls on navigation.
window.scrollTo = vi.fn();

// Without vitest globals, Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});
