import {
  ActionIcon,
  Box,
  Button,
  Group,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { IconLanguage, IconMoon, IconSun } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useI18n, useMessages } from '../i18n/i18n-context';
import { LOCALES, type Locale } from '../i18n/messages';
import { usePageCovered } from '../lib/modal-layers';
import { useHydrated } from '../lib/use-hydrated';
import classes from './app-shell.module.css';
import focus from './focus-target.module.css';

const MAIN_ID = 'main';

interface AppShellProps {
  /** Header actions, e.g. sign-out when signed in. */
  actions?: ReactNode;
  /** The header's search, first of its controls (the student search, when signed in). */
  search?: ReactNode;
  children: ReactNode;
}

/**
 * A header and the main region, in plain landmarks: Mantine's AppShell (navbar, aside, footer,
 * resizing, scroll locking) added too much to the first screen for a header alone
 * (docs/decisions/005-first-screen-weight.md).
 */
export function AppShell({ actions, search, children }: AppShellProps) {
  const messages = useMessages();
  // Inert under a dialog or drawer (modal-layers.ts); the dialogs are in portals beside it.
  const covered = usePageCovered();
  return (
    <>
      <a href={`#${MAIN_ID}`} className={classes.skipLink} inert={covered}>
        {messages.app.skipToContent}
      </a>
      <header className={classes.header} inert={covered}>
        <Group h="100%" px="md" gap="sm" justify="space-between" wrap="nowrap">
          <Text component="span" fw={700} size="lg" truncate className={classes.productName}>
            {messages.app.productName}
          </Text>
          <Group gap="xs" wrap="nowrap" className={classes.controls}>
            {search}
            <LanguageSwitch />
            <ColorSchemeToggle />
            {actions}
          </Group>
        </Group>
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className={`${classes.main} ${focus.focusTarget}`}
        inert={covered}
      >
        {children}
      </main>
    </>
  );
}

/**
 * Each language's name in that language (not a translation), so a person who cannot read the
 * current one still finds their own.
 */
const LANGUAGE_NAMES: Record<Locale, string> = { 'pt-BR': 'Português', en: 'English' };
/** What the switch shows of the name on a phone, where the whole name would push the header wider. */
const LANGUAGE_CODES: Record<Locale, string> = { 'pt-BR': 'PT', en: 'EN' };

/**
 * With two languages the switch is one button naming the other language; `lang` makes screen
 * readers pronounce that name in its own language.
 */
function LanguageSwitch() {
  const { locale, setLocale } = useI18n();
  const other = LOCALES.find((candidate) => candidate !== locale) ?? locale;
  return (
    <Button
      variant="default"
      lang={other}
      // The code in the name too: a phone shows it alone, and voice control goes by what is shown.
      aria-label={`${LANGUAGE_NAMES[other]} (${LANGUAGE_CODES[other]})`}
      leftSection={<IconLanguage aria-hidden size={18} />}
      classNames={{ section: classes.languageIcon }}
      onClick={() => setLocale(other)}
    >
      <span className={classes.languageName}>{LANGUAGE_NAMES[other]}</span>
      <span className={classes.languageCode}>{LANGUAGE_CODES[other]}</span>
    </Button>
  );
}

/**
 * Named after what it does ("Use dark theme"), so the name is right in either state. The
 * prerendered first screen is the same for both schemes, so it holds both states and the scheme's
 * CSS shows one: right before any code runs. Once hydrated, only the current one is rendered.
 */
function ColorSchemeToggle() {
  const messages = useMessages();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const hydrated = useHydrated();
  return (
    <ActionIcon
      variant="default"
      size="input-sm"
      onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
    >
      {(!hydrated || scheme === 'light') && (
        <Box component="span" darkHidden className={classes.schemeState}>
          <IconMoon aria-hidden size={18} />
          <VisuallyHidden>{messages.app.useDarkTheme}</VisuallyHidden>
        </Box>
      )}
      {(!hydrated || scheme === 'dark') && (
        <Box component="span" lightHidden className={classes.schemeState}>
          <IconSun aria-hidden size={18} />
          <VisuallyHidden>{messages.app.useLightTheme}</VisuallyHidden>
        </Box>
      )}
    </ActionIcon>
  );
}
