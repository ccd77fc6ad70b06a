import { within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A panel's notice that its read waits for the connection (`WaitingForConnection`): a status,
 * not an alert, titled as the turmas list's, saying what shows once the connection is back.
 */
export async function waitingNotice(panel: HTMLElement, description: string): Promise<HTMLElement> {
  const notice = (await within(panel).findByText(description)).closest<HTMLElement>(
    '[role="status"]',
  );
  expect(notice).not.toBeNull();
  expect(notice).toHaveTextContent(/^Sem conexão com a internet/);
  return notice!;
}
