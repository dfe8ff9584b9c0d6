import styled from 'styled-components';

const Centre = styled.div`
  display: grid;
  place-items: center;
  min-height: 100vh;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The whole-page indicator shown while the session loads (spec §2). */
export function CentredLoading() {
  return (
    <Centre role="status" aria-live="polite">
      טוען...
    </Centre>
  );
}
