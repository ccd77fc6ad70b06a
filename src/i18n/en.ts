import type { Messages } from './messages';

// Typed as `Messages`: a missing, extra or differently shaped key fails the type-check.
export const en: Messages = {
  app: {
    productName: 'Turmas Admin',
    skipToContent: 'Skip to content',
  },
  fatalError: {
    title: 'Something went wrong',
    description: 'The page hit an unexpected error. Reload the page to continue.',
    details: 'Technical details',
    reload: 'Reload the page',
  },
  auth: {
    title: 'Sign in',
    description: 'Enter the access token issued by the team that runs the platform.',
    tokenLabel: 'Access token',
    showToken: 'Show token',
    tokenRequired: 'Enter the access token.',
    submit: 'Sign in',
    rejected: 'This token was not accepted.',
    sessionExpired: 'Your session has expired. Enter the access token again.',
    checkFailed: 'Could not check the token',
    signOut: 'Sign out',
  },
  classes: {
    title: 'Classes',
    tableLabel: 'Class list',
    columns: {
      name: 'Name',
      students: 'Students',
      updatedAt: 'Updated',
    },
    total: (count, formattedCount) =>
      count === 1 ? `${formattedCount} class` : `${formattedCount} classes`,
    loading: 'Loading classes…',
    emptyTitle: 'No classes yet',
    emptyDescription: 'Classes created on the platform will appear here.',
    loadFailed: 'Could not load the classes',
    retry: 'Try again',
  },
  apiErrors: {
    network: 'Could not reach the server. Check your connection and try again.',
    timeout: 'The server took too long to answer. Try again.',
    server: (status) => `The server hit an error (code ${status}). Try again in a moment.`,
    rejected: (status) => `The server refused the request (code ${status}).`,
    contract: 'The server answered in an unexpected format.',
    unexpected: 'An unexpected error occurred.',
  },
};
