import type { Messages } from './messages';

// Typed as `Messages`: a missing, extra or differently shaped key fails the type-check.
export const en: Messages = {
  app: {
    productName: 'Turmas Admin',
    skipToContent: 'Skip to content',
    useDarkTheme: 'Use dark theme',
    useLightTheme: 'Use light theme',
  },
  dialogLoad: {
    failed: 'The form could not be opened',
    description: 'Check the internet connection and try again. Nothing was sent.',
    retry: 'Try again',
    dismiss: 'Dismiss',
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
    rememberLabel: 'Remember on this device',
    rememberDescription:
      'You stay signed in after closing the browser. Do not use on shared computers.',
    sessionExpiredTitle: 'Your session has expired',
    sessionExpiredDescription:
      'Enter the access token again to continue. What you entered on the page has been kept.',
    checkFailed: 'Could not check the token',
    signOut: 'Sign out',
  },
  classes: {
    title: 'Classes',
    tableLabel: 'Class list',
    columns: {
      name: 'Name',
      students: 'Students',
      createdAt: 'Created',
      updatedAt: 'Updated',
      actions: 'Actions',
    },
    selectRow: (name) => `Select ${name}`,
    selectPage: 'Select every class on this page',
    bulkAction: 'Enrol or remove a list',
    enrolAction: 'Enrol',
    enrolActionName: (name) => `Enrol a student in ${name}`,
    removeAction: 'Remove',
    removeActionName: (name) => `Remove a student from ${name}`,
    total: (count, formattedCount) =>
      count === 1 ? `${formattedCount} class` : `${formattedCount} classes`,
    found: (count, formattedCount) =>
      count === 0
        ? 'No classes found'
        : count === 1
          ? '1 class found'
          : `${formattedCount} classes found`,
    loading: 'Loading classes…',
    searchLabel: 'Search classes',
    searchPlaceholder: 'Class name',
    clearSearch: 'Clear search',
    pageSize: 'Classes per page',
    pagination: 'Class list pages',
    emptyTitle: 'No classes yet',
    emptyDescription: 'Classes created on the platform will appear here.',
    noMatchDescription: (query) =>
      `No class has “${query}” in its name. Check the spelling or search for part of the name.`,
    noMatchWordsDescription: (query) =>
      `No class has every word of “${query}” in its name. Try fewer words.`,
    searchWithout: (word) => `Search without “${word}”`,
    searchApart: (query) => `Search for “${query}”`,
    loadFailed: 'Could not load the classes',
    refreshFailed: 'Could not refresh the list. What is shown below may be out of date.',
    retry: 'Try again',
    offlineTitle: 'No internet connection',
    offlineDescription: 'The list will load as soon as the connection is back.',
    offlineStale: 'No internet connection. The list below is the last one loaded.',
  },
  selection: {
    label: 'Selected classes',
    count: (count, formattedCount) =>
      count === 1 ? '1 class selected' : `${formattedCount} classes selected`,
    remove: (name) => `Remove ${name} from the selection`,
    clear: 'Clear selection',
    enrol: 'Enrol a student',
    removeStudent: 'Remove a student',
    tooMany: (max) => `Each action takes at most ${max} classes. Remove some from the selection.`,
  },
  roster: {
    openAction: 'Students',
    openActionName: (name) => `See the students of ${name}`,
  },
  apiErrors: {
    network: 'Could not reach the server. Check your connection and try again.',
    crossOrigin: (origin) =>
      `The browser could not reach the API at ${origin}, which is on another site. The likely ` +
      "cause is the API's address (apiBaseUrl in config.js) or its CORS settings: tell whoever " +
      'runs the system.',
    timeout: 'The server took too long to answer. Try again.',
    server: (status) => `The server hit an error (code ${status}). Try again in a moment.`,
    rejected: (status) => `The server refused the request (code ${status}).`,
    unauthorized: 'Your session has expired. Sign in again to continue.',
    contract: 'The server answered in an unexpected format.',
    unexpected: 'An unexpected error occurred.',
    tooManyRequests: (retryInSeconds) =>
      retryInSeconds === undefined
        ? 'Too many requests; try again in a moment.'
        : `Too many requests; trying again in ${retryInSeconds} s.`,
    busyOrUnavailable: (retryInSeconds) =>
      retryInSeconds === undefined
        ? 'Service busy or unavailable (code 503). Try again in a moment.'
        : `Service busy or unavailable (code 503); trying again in ${retryInSeconds} s.`,
    signInAgain: 'Sign in again to continue.',
    serverSaid: (text) => `The server said: “${text}”`,
    requestId: (id) => `Request id: ${id}`,
  },
};
