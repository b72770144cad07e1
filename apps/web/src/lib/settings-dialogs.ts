/**
 * Opens one of the header's settings dialogs (My Profile, My Account, De-Activate) from anywhere
 * in the console: the shell (app/shell/default-layout.tsx) owns them and listens here. The plan
 * lock's upgrade prompt uses it to lead to My Account, where the plan is upgraded.
 */
export type SettingsDialogId = 'profile' | 'account' | 'deactivate';

const listeners = new Set<(dialog: SettingsDialogId) => void>();

/** Asks the shell to open a settings dialog (nothing happens outside the signed-in shell). */
export function openSettingsDialog(dialog: SettingsDialogId): void {
  for (const listener of listeners) listener(dialog);
}

/** The shell's subscription; answers the unsubscribe. */
export function onSettingsDialogRequest(listener: (dialog: SettingsDialogId) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
