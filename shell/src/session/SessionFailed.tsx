import { ErrorPanel, useRemovesPrerenderedScreen } from '@yoman/ui';
import styled from 'styled-components';

const Centre = styled.div`
  display: grid;
  place-items: center;
  min-height: 100vh;
  padding: ${({ theme }) => theme.space[4]};
`;

const Narrow = styled.div`
  width: min(100%, 28rem);
`;

/**
 * The whole page when the session could not be checked (GET /api/user failed with something other than 401:
 * a server error, or no connection). The user may well be signed in, so they are not sent to /auth; they
 * are told what happened and can try again without reloading the page. While the retry asks, the session
 * query is loading again (no user, last result an error), so the guard shows 'טוען...' in this one's place.
 */
export function SessionFailed({ onRetry }: { onRetry: () => void }) {
  useRemovesPrerenderedScreen();
  return (
    <Centre>
      <Narrow>
        <ErrorPanel
          title="לא הצלחנו לבדוק את החיבור שלך"
          message="השרת לא ענה כראוי או שאין חיבור לאינטרנט. הנתונים שלך שמורים; נסה שוב בעוד רגע."
          onRetry={onRetry}
        />
      </Narrow>
    </Centre>
  );
}
