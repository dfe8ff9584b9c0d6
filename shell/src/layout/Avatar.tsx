import styled from 'styled-components';
import { initialsOf } from './people';

const Circle = styled.span<{ $size: number }>`
  display: inline-grid;
  place-items: center;
  flex-shrink: 0;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.accentStrong};
  color: ${({ theme }) => theme.colors.onAccent};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ $size }) => Math.round($size * 0.4)}px;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** The user's picture, or the initials of the display name when there is none. */
export function Avatar({
  displayName,
  image,
  size = 36,
}: {
  displayName: string | null | undefined;
  image?: string | null;
  size?: number;
}) {
  return (
    <Circle $size={size} aria-hidden="true" data-testid="avatar">
      {image ? <img src={image} alt="" /> : initialsOf(displayName)}
    </Circle>
  );
}
