import '@mantine/core/styles/Kbd.css';
import { Button, Kbd, Stack, Text } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { useFormDialog } from '../../components/form-dialog/form-dialog-context';
import { stateRegistration } from '../../components/student-suggestions/state-registration';
import { StudentSuggestField } from '../../components/student-suggestions/student-suggest-field';
import { openStudentPage } from '../../lib/student-address';
import { useStudentMessages } from './messages';
import { STUDENT_SEARCH_ID, studentSearchButton } from './student-search-button';
import classes from './student-search.module.css';

/** What covers the page and owns the keyboard while it is open: Ctrl+K waits for it to close. */
const OVER_THE_PAGE = '[role="dialog"], [role="alertdialog"], [aria-modal="true"]';

/**
 * The header's student search (the students extension, the turmas' word rule): a button, or
 * Ctrl+K / ⌘K from anywhere on the page, opens a dialog whose field suggests students by name
 * or e-mail; picking one opens their page. Not "/", which the turmas search has.
 */
export function StudentSearch({ api }: { api: Pick<ApiClient, 'request'> }) {
  const messages = useStudentMessages().search;
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'k') {
        return;
      }
      if (document.querySelector(OVER_THE_PAGE)) return;
      // The browser's own Ctrl+K (its address bar search) is not what was meant on this page.
      event.preventDefault();
      // From nowhere in particular, as if from its button: focus comes back there after it, and
      // after the student's page it opens.
      const active = document.activeElement;
      if (active === null || active === document.body) studentSearchButton()?.focus();
      setOpened(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <Button
        id={STUDENT_SEARCH_ID}
        variant="default"
        // The name stays when narrow screens show the icon alone.
        aria-label={messages.open}
        aria-keyshortcuts="Control+K Meta+K"
        leftSection={<IconUserSearch aria-hidden size={18} />}
        classNames={{ section: classes.icon, label: classes.label }}
        onClick={() => setOpened(true)}
      >
        <span className={classes.text}>{messages.open}</span>
        <Kbd size="xs" className={classes.kbd} aria-hidden>
          {messages.shortcut}
        </Kbd>
      </Button>
      <FormDialog opened={opened} title={messages.title} onClose={() => setOpened(false)}>
        <SearchField api={api} />
      </FormDialog>
    </>
  );
}

function SearchField({ api }: { api: Pick<ApiClient, 'request'> }) {
  const messages = useStudentMessages().search;
  const { close } = useFormDialog();
  const [text, setText] = useState('');
  // The shared field is made for a form's registration; this search has no form to send.
  const registration = stateRegistration('student', setText);
  return (
    <Stack gap="xs">
      <Text size="sm">{messages.hint}</Text>
      <StudentSuggestField
        api={api}
        suggest
        text={text}
        registration={registration}
        inputProps={{ label: messages.label, value: text, 'data-autofocus': true }}
        onPick={(student) => {
          close();
          openStudentPage(student.email);
        }}
      />
    </Stack>
  );
}
