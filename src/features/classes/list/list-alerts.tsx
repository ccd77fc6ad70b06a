import { Alert, Button, Stack, Text } from '@mantine/core';
import { describeApiError } from '../../../i18n/describe-api-error';
import { useFormats } from '../../../i18n/formats';
import { useMessages } from '../../../i18n/i18n-context';
import styles from './class-browser.module.css';
import type { ListParams } from './list-params';
import { useClassListMessages } from './messages';
import type { ClassList } from './use-class-list';

/**
 * Over rows that are not the answer to what the URL asks for: offline, a refresh that failed, or
 * a new page, order or search that failed. Each names the search the rows are of (issue 32).
 * Sticky: the rows they warn about may be far down the page, where the person is.
 */
export function StaleAlerts({
  list: { list, shown, online, newFailed, otherSearch },
  params,
}: {
  list: ClassList;
  params: ListParams;
}) {
  const messages = useMessages();
  const listMessages = useClassListMessages();
  const formats = useFormats();
  const retry = <RetryButton onRetry={() => void list.refetch()} busy={list.isFetching} />;
  return (
    <>
      {!online && shown && (
        <Alert color="yellow" className={styles.staleWarning}>
          {otherSearch === undefined
            ? messages.classes.offlineStale
            : otherSearch === ''
              ? listMessages.offlineWithoutSearch
              : listMessages.offlineOtherSearch(otherSearch)}
        </Alert>
      )}
      {online && list.isError && shown && !newFailed && (
        <Alert color="red" title={messages.classes.refreshFailed} className={styles.staleWarning}>
          {retry}
        </Alert>
      )}
      {newFailed && shown && (
        <Alert
          color="red"
          role="alert"
          title={
            isOtherPage(params, shown.params)
              ? listMessages.newPageFailed(formats.number.format(params.page))
              : listMessages.newListFailed
          }
          className={styles.staleWarning}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {describeApiError(list.error, messages)}{' '}
              {otherSearch === undefined
                ? listMessages.previousRowsKept
                : otherSearch === ''
                  ? listMessages.previousListKept
                  : listMessages.previousResultsKept(otherSearch)}
            </Text>
            {retry}
          </Stack>
        </Alert>
      )}
    </>
  );
}

export function RetryButton({
  onRetry,
  busy,
  label,
}: {
  onRetry: () => void;
  busy: boolean;
  label?: string;
}) {
  const messages = useMessages();
  return (
    <Button variant="default" onClick={onRetry} loading={busy}>
      {label ?? messages.classes.retry}
    </Button>
  );
}

/** The same list (search, order, size), another page of it. */
function isOtherPage(next: ListParams, shown: ListParams): boolean {
  return (
    next.page !== shown.page &&
    next.q === shown.q &&
    next.sort === shown.sort &&
    next.pageSize === shown.pageSize
  );
}
