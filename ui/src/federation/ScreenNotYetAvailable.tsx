import type { ReactNode } from 'react';
import { EmptyState } from '../primitives/EmptyState';

/** What a route shows until its screen is built: an honest notice, never sample data. */
export function ScreenNotYetAvailable({ screen, icon }: { screen: string; icon: ReactNode }) {
  return (
    <EmptyState
      icon={icon}
      title="המסך הזה עוד לא זמין"
      text={`המסך "${screen}" נמצא בבנייה ויופיע כאן בגרסה הבאה.`}
    />
  );
}
