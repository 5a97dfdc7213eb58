import { type ComponentType, createContext } from 'react';

/** The tabs of the personal settings dialog the user menu opens. */
export type SettingsTab = 'profile' | 'password' | 'security' | 'language' | 'calendar' | 'team' | 'licence' | 'api';

export interface SettingsDialogProps {
  opened: boolean;
  tab: SettingsTab;
  onClose: () => void;
}

/**
 * The settings dialog belongs to the session feature and gathers panels of
 * several features; the app frame only opens it. The root route hands the
 * dialog in through this slot, so the shared frame imports no feature
 * (decision 215). Without a dialog in the slot the frame opens none.
 */
export const SettingsDialogSlot = createContext<ComponentType<SettingsDialogProps> | null>(null);
