/** What the browser does when the tab is closed: it asks first if `beforeunload` was cancelled. */
export function closeTabAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}
