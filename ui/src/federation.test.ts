import { describe, expect, it } from 'vitest';
import { shared } from '../federation-shared.mjs';
import uiPackage from '../package.json';

describe('federation-shared', () => {
  it('shares every library of TOOLCHAIN.md as a lazy singleton', () => {
    for (const name of [
      'react',
      'react-dom',
      'react-router-dom',
      'react-redux',
      '@reduxjs/toolkit',
      'styled-components',
      '@yoman/ui',
    ]) {
      expect(shared[name], name).toMatchObject({ singleton: true, eager: false });
    }
    expect(Object.values(shared).every((entry) => entry.singleton && !entry.eager)).toBe(true);
  });

  it('shares the design system as four entries, and the Radix state they use together', () => {
    for (const name of [
      '@yoman/ui/overlays',
      '@yoman/ui/dates',
      '@yoman/ui/toaster',
      '@radix-ui/react-direction',
      '@radix-ui/react-dismissable-layer',
    ]) {
      expect(shared[name], name).toMatchObject({ singleton: true, eager: false });
    }
  });

  it('builds react-router-dom from the browser-only re-export and keeps react-router unshared', () => {
    expect(shared['react-router-dom']?.import).toMatch(/ui[\\/]src[\\/]routing\.ts$/u);
    expect(shared['react-router-dom']?.version).toMatch(/^7\./u);
    expect(shared['react-router']).toBeUndefined();
  });

  it('requires the versions declared in package.json', () => {
    expect(shared.react?.requiredVersion).toBe(uiPackage.dependencies.react);
    expect(shared['styled-components']?.requiredVersion).toBe(uiPackage.dependencies['styled-components']);
    expect(shared['@yoman/ui']?.requiredVersion).toBe(`^${uiPackage.version}`);
    expect(shared['react/jsx-runtime']?.requiredVersion).toBe(uiPackage.dependencies.react);
    expect(shared['react-router-dom']?.requiredVersion).toMatch(/^\^7\./);
  });
});
