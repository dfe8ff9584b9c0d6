import { cleanup, render } from '@testing-library/react';
import styled, { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { DirectionProvider } from './DirectionProvider';
import { LtrRun, Num } from './LtrRun';

afterEach(cleanup);

const StartPadded = styled.div`
  padding-left: 7px;
`;

function cssText(): string {
  return Array.from(document.querySelectorAll('style'))
    .map((s) => s.textContent ?? '')
    .join('\n');
}

describe('DirectionProvider', () => {
  it('marks the document as Hebrew right-to-left and flips physical styles', () => {
    render(
      <ThemeProvider theme={theme}>
        <DirectionProvider rtl>
          <StartPadded>שלום</StartPadded>
        </DirectionProvider>
      </ThemeProvider>,
    );
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('he');
    expect(cssText()).toMatch(/padding-right:\s*7px/);
  });

  it('switches to left-to-right when the user turned rtlLayout off', () => {
    const { rerender } = render(<DirectionProvider rtl>x</DirectionProvider>);
    rerender(<DirectionProvider rtl={false}>x</DirectionProvider>);
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('he');
  });
});

describe('LtrRun and Num', () => {
  it('render an isolated left-to-right bdi so "+1.25R" keeps its order', () => {
    const { getByText } = render(
      <p>
        תוצאה <Num>+1.25R</Num> על <LtrRun>EURUSD</LtrRun>
      </p>,
    );
    const r = getByText('+1.25R');
    expect(r.tagName).toBe('BDI');
    expect(r.getAttribute('dir')).toBe('ltr');
    expect(getByText('EURUSD').getAttribute('dir')).toBe('ltr');
  });

  it('stay left-to-right under the RTL plugin, which would otherwise flip their direction', () => {
    render(
      <DirectionProvider rtl>
        <Num>−0.80R</Num>
        <LtrRun>ES</LtrRun>
      </DirectionProvider>,
    );
    expect(cssText()).toContain('direction:ltr');
    expect(cssText()).not.toContain('direction:rtl');
  });
});
