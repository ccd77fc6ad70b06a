import { ROSTER_EXTENSION } from '#contract';
import { renderToString } from 'react-dom/server';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HydrationBoundary } from '../lib/use-hydrated';
import { createTestApiClient } from '../testing/api-client';
import { installReferenceApi } from '../testing/msw/reference-api';
import type { ApiClient } from './client';
import { useExtension } from './use-extension';

function Roster({ api }: { api: Pick<ApiClient, 'extensions'> }) {
  return <p>{useExtension(api, ROSTER_EXTENSION) ? 'roster offered' : 'roster not known'}</p>;
}

describe('useExtension', () => {
  it('hydrates as prerendered, then shows what the server said while the code loaded', async () => {
    installReferenceApi();
    const api = createTestApiClient();
    const page = (
      <HydrationBoundary adopting>
        <Roster api={api} />
      </HydrationBoundary>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    expect(container.textContent).toBe('roster not known');

    await api.getClasses({ page: 1, pageSize: 5 });
    expect(api.extensions.has(ROSTER_EXTENSION)).toBe(true);
    const mismatches: unknown[] = [];
    render(page, {
      container: document.body.appendChild(container),
      hydrate: true,
      onRecoverableError: (error) => mismatches.push(error),
    });
    expect(mismatches).toEqual([]);
    expect(container.textContent).toBe('roster offered');
  });

  it('knows the extensions from the first render when nothing is being hydrated', async () => {
    installReferenceApi();
    const api = createTestApiClient();
    await api.getClasses({ page: 1, pageSize: 5 });
    const firstRender: string[] = [];
    function Probe() {
      const offered = useExtension(api, ROSTER_EXTENSION);
      if (firstRender.length === 0) firstRender.push(offered ? 'offered' : 'not known');
      return null;
    }
    render(
      <HydrationBoundary adopting={false}>
        <Probe />
      </HydrationBoundary>,
    );
    expect(firstRender).toEqual(['offered']);
  });
});
