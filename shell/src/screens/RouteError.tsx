import { ErrorPanel, useRemovesPrerenderedScreen } from '@yoman/ui';
import { useNavigate } from 'react-router-dom';

/** A screen that crashed while rendering: the layout and menus stay, the screen offers a reload. */
export function RouteError() {
  const navigate = useNavigate();
  useRemovesPrerenderedScreen();
  return (
    <ErrorPanel
      title="המסך נתקל בשגיאה"
      message="משהו השתבש בהצגת המסך. שאר האפליקציה ממשיכה לעבוד."
      onRetry={() => navigate(0)}
    />
  );
}
