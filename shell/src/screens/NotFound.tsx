import { useRemovesPrerenderedScreen } from '@yoman/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

const Page = styled.section`
  display: grid;
  place-items: center;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[7]} ${({ theme }) => theme.space[5]};
  text-align: center;
`;

/** Any unknown path inside the authenticated area (spec §2). */
export function NotFound() {
  useRemovesPrerenderedScreen();
  return (
    <Page>
      <h1 lang="en" dir="ltr">
        404 Page Not Found
      </h1>
      <Link to="/">חזרה לדף הבית</Link>
    </Page>
  );
}
