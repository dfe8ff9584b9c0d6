import type { ReactNode, SVGProps } from 'react';
import styled from 'styled-components';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & {
  /** Pixel size of the square icon; 20 by default. */
  size?: number;
  /** Mirror the icon in right-to-left layout; pointing icons (chevrons) do by default. */
  flip?: boolean;
  /** A spoken name; without it the icon is decorative and hidden from screen readers. */
  title?: string;
};

const Svg = styled.svg`
  flex-shrink: 0;
  vertical-align: middle;

  &[data-flip='true'] {
    [dir='rtl'] & {
      transform: scaleX(-1);
    }
  }
`;

/** The frame every icon shares: size, stroke, RTL mirroring and accessibility; children are the drawing. */
export function Icon({
  size = 20,
  flip = false,
  title,
  children,
  ...rest
}: IconProps & { children: ReactNode }) {
  const labelled = title !== undefined || rest['aria-label'] !== undefined;
  return (
    <Svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      role={labelled ? 'img' : undefined}
      aria-hidden={labelled ? undefined : true}
      data-flip={flip ? 'true' : 'false'}
      {...rest}
    >
      {title !== undefined && <title>{title}</title>}
      {children}
    </Svg>
  );
}
