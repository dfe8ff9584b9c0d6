import { EmptyState, SettingsIcon } from '@yoman/ui';

/** What a shell-owned route shows until its screen is built: an honest notice, never sample data. */
export function ScreenNotYetAvailable({ screen }: { screen: string }) {
  return (
    <EmptyState
      icon={<SettingsIcon />}
      title="המסך הזה עוד לא זמין"
      text={`המסך "${screen}" נמצא בבנייה ויופיע כאן בגרסה הבאה.`}
    />
  );
}
