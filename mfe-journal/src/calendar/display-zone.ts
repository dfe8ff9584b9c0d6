import { DISPLAY_TIME_ZONE } from '@yoman/contracts/constants';
import { useGetUserSettingsQuery } from '@yoman/ui';

/** The user's display time zone (settings → display), Asia/Jerusalem until the settings arrive. */
export function useDisplayZone(): string {
  const { data } = useGetUserSettingsQuery();
  return data?.display.timezone ?? DISPLAY_TIME_ZONE;
}
