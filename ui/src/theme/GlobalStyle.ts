import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }

  html, body {
    margin: 0;
    padding: 0;
    background: ${({ theme }) => theme.colors.bg};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.body};
    line-height: ${({ theme }) => theme.lineHeights.body};
    -webkit-font-smoothing: antialiased;
    color-scheme: dark;
  }

  h1, h2, h3, h4, p { margin: 0; }
  h1 { font-size: ${({ theme }) => theme.fontSizes.h1}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  h2 { font-size: ${({ theme }) => theme.fontSizes.h2}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  h3 { font-size: ${({ theme }) => theme.fontSizes.h3}; font-weight: ${({ theme }) => theme.fontWeights.medium}; }

  a { color: ${({ theme }) => theme.colors.accent}; }

  button, input, select, textarea { font: inherit; color: inherit; }

  :focus { outline: none; }
  :focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }

  .tabular-nums { font-variant-numeric: tabular-nums; }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
