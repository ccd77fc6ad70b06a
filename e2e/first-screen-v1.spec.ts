/**
 * The first screen against a plain v1 server (extensions off): no extension's control shows, and
 * nothing moves between the prerendered paint and the hydrated page (decision 005).
 */
import { loadAcrossLateControls } from './first-screen-support';
import { expect, test } from './support';

test.use({ apiExtensions: false });

test("on a phone's width, with no extension offered, nothing moves on the first screen", async ({
  page,
  token,
}) => {
  const load = await loadAcrossLateControls(page, token, { expiringButtons: 0 });
  expect(load.hydrated).toEqual(load.shell);
  expect(load.layoutShift).toBeLessThanOrEqual(0.01);
});
