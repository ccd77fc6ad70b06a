import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useWarnBeforeLeaving } from './use-runner';

/** What the browser does when the tab is closed: it asks first if the event was cancelled. */
function closeTab(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useWarnBeforeLeaving', () => {
  it('makes the browser ask before closing the tab while a run is active, and only then', () => {
    const { rerender, unmount } = renderHook(({ active }) => useWarnBeforeLeaving(active), {
      initialProps: { active: false },
    });
    expect(closeTab()).toBe(false);

    rerender({ active: true });
    expect(closeTab()).toBe(true);

    rerender({ active: false });
    expect(closeTab()).toBe(false);

    rerender({ active: true });
    unmount();
    expect(closeTab()).toBe(false);
  });
});
