import { createContext, use, useLayoutEffect } from 'react';

/** Asked when the person wants to close: true when closing now would lose what they entered. */
export type HasUnsentChanges = () => boolean;

export interface FormDialogState {
  /** Escape, the close button, Cancel: through the discard question when something would be lost. */
  requestClose: () => void;
  /** Close at once: nothing is left to lose (sent, or the person chose to discard). */
  close: () => void;
  /** Back to the form from the discard question, where the person was. */
  keepEditing: () => void;
  confirmingDiscard: boolean;
  busy: boolean;
  /** Used by `useDiscardGuard`; returns the function that takes it back. */
  registerGuard: (hasUnsentChanges: HasUnsentChanges) => () => void;
}

export const FormDialogContext = createContext<FormDialogState | null>(null);

export function useFormDialog(): FormDialogState {
  const state = use(FormDialogContext);
  if (!state) throw new Error('useFormDialog is for the content of a <FormDialog>');
  return state;
}

/**
 * Makes the dialog ask "discard?" before closing while `hasUnsentChanges()` says so. Read only
 * when the person asks to close, so typing re-renders nothing here; pass a stable function.
 */
export function useDiscardGuard(hasUnsentChanges: HasUnsentChanges): void {
  const { registerGuard } = useFormDialog();
  useLayoutEffect(() => registerGuard(hasUnsentChanges), [registerGuard, hasUnsentChanges]);
}
