import styled, { keyframes } from 'styled-components';

const shimmer = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;

export type SkeletonProps = {
  width?: string;
  height?: string;
  /** 'input' | 'card' | 'dialog' | 'pill' radius; 'input' by default. */
  radius?: 'input' | 'card' | 'dialog' | 'pill';
  className?: string;
};

const Block = styled.span<{ $width: string; $height: string; $radius: NonNullable<SkeletonProps['radius']> }>`
  display: block;
  width: ${({ $width }) => $width};
  height: ${({ $height }) => $height};
  border-radius: ${({ theme, $radius }) => theme.radii[$radius]};
  background: linear-gradient(
    90deg,
    ${({ theme }) => theme.colors.surface2} 25%,
    ${({ theme }) => theme.colors.border} 50%,
    ${({ theme }) => theme.colors.surface2} 75%
  );
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
    background: ${({ theme }) => theme.colors.surface2};
  }
`;

/** A shimmering stand-in shaped like the content that is loading; hidden from screen readers. */
export function Skeleton({ width = '100%', height = '16px', radius = 'input', className }: SkeletonProps) {
  return <Block aria-hidden $width={width} $height={height} $radius={radius} className={className} />;
}
