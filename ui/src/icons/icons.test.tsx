import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChevronRightIcon, ClockIcon } from './icons';

afterEach(cleanup);

describe('icons', () => {
  it('are decorative (hidden from screen readers) unless given a name', () => {
    const { container } = render(<ClockIcon />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('role')).toBeNull();
  });

  it('become a named image when given a title', () => {
    const { getByRole } = render(<ClockIcon title="שעון" />);
    expect(getByRole('img', { name: 'שעון' })).toBeTruthy();
  });

  it('mark pointing chevrons to mirror in RTL while the clock stays', () => {
    const { container } = render(
      <>
        <ChevronRightIcon />
        <ClockIcon />
        <ChevronRightIcon flip={false} />
      </>,
    );
    const flips = Array.from(container.querySelectorAll('svg')).map((s) => s.getAttribute('data-flip'));
    expect(flips).toEqual(['true', 'false', 'false']);
  });
});
