/**
 * The Mantine styles the first screen uses, instead of all of `@mantine/core/styles.css`
 * (most of it for components the console never shows; docs/decisions/005-first-screen-weight.md).
 * Global styles
 * first, then one file per component in use, including the components others are built on
 * (Mantine's "CSS files list": Button needs UnstyledButton, inputs need Input, and so on).
 * A component added to the first screen needs its line here; a lazily loaded one imports its
 * styles where it is loaded (the session-expired dialog does). A missing line fails the e2e
 * tests' axe scans, which also look for Mantine classes no loaded stylesheet styles.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// After the defaults, which it overrides: the theme's own variables (vite.config.ts).
import 'virtual:theme-variables.css';

// Layout and text
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/VisuallyHidden.css';

// Controls
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
// NativeSelect's chevron is styled in Combobox's file.
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Pill.css';

// Content and states
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/EmptyState.css';

// Touch screens: 44px buttons, after the component styles it overrides.
import './touch-targets.css';
