import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { closeTabAsks as closeTab } from '../../testing/close-tab';
import { useWarnBeforeLeaving } from './use-runner';

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
