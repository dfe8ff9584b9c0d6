import { BookIcon, EmptyState } from '@yoman/ui';

/** What a journal route shows until its screen is built: an honest notice, never sample data. */
export function ScreenNotYetAvailable({ screen }: { screen: string }) {
  return (
    <EmptyState
      icon={<BookIcon />}
      title="המסך הזה עוד לא זמין"
      text={`המסך "${screen}" נמצא בבנייה ויופיע כאן בגרסה הבאה.`}
    />
  );
}
