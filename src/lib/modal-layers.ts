import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

/**
 * The page and the dialogs and drawers open over it are layers, and only the top one is in use:
 * the others are `inert` (out of the tab order, the pointer's reach and the accessibility tree),
 * as `aria-modal` promises. Without it a screen reader and axe met the page's header (a banner)
 * beside the dialog's own, and every landmark twice (axe's `landmark-no-duplicate-banner`,
 * `landmark-unique`). Mantine's Modal and Drawer put their `<header>` in a portal beside the page
 * and leave the page as it is.
 */
const openLayers: object[] = [];
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * For a dialog or drawer: counts it as a layer over the page while `opened`, the newest on top.
 * Returns whether it is inert now (the `inert` of its root): another opened over it since, or it
 * is closing, still on screen as it fades out over the layer beneath, which is in use again.
 * A layout effect, so the page is inert before the dialog is painted.
 */
export function useModalLayer(opened: boolean): boolean {
  const [layer] = useState(() => ({}));
  useLayoutEffect(() => {
    if (!opened) return;
    openLayers.push(layer);
    notify();
    return () => {
      openLayers.splice(openLayers.indexOf(layer), 1);
      notify();
    };
  }, [opened, layer]);
  const covered = useSyncExternalStore(
    subscribe,
    () => {
      const at = openLayers.indexOf(layer);
      return at !== -1 && at < openLayers.length - 1;
    },
    () => false,
  );
  return covered || !opened;
}

/** For the page beneath them all: inert while any dialog or drawer is open. */
export function usePageCovered(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => openLayers.length > 0,
    () => false,
  );
}
