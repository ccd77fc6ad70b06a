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
    range: (first, last, total) => `${first}–${last} of ${total}`,
    loading: 'Loading classes…',
    searchLabel: 'Search classes',
    searchPlaceholder: 'Class name',
    clearSearch: 'Clear search',
    pageSize: 'Classes per page',
    pagination: 'Class list pages',
    firstPage: 'First page',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    lastPage: 'Last page',
    pageOf: (page, pageCount) => `Page ${page} of ${pageCount}`,
    emptyTitle: 'No classes yet',
    emptyDescription: 'Classes created on the platform will appear here.',
    noMatchDescription: (query) =>
      `No class has “${query}” in its name. Check the spelling or search for part of the name.`,
    noMatchWordsDescription: (query) =>
      `No class has every word of “${query}” in its name. Try fewer words.`,
    searchWithout: (word) => `Search without “${word}”`,
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
    tooManyRequests:
      'The server received too many requests in a short time. Wait a moment and try again.',
    signInAgain: 'Sign in again to continue.',
    serverSaid: (text) => `The server said: “${text}”`,
    known: {
      noToken: 'No access token was sent.',
      malformedToken: 'The access token was sent in an invalid format.',
      invalidToken: 'The access token is invalid or has expired.',
      noClass: (ids, count) =>
        count === 1
          ? `Class not found: ${ids} (it may have been deleted).`
          : `Classes not found: ${ids} (they may have been deleted).`,
      noStudent: 'No student has this e-mail.',
      noRoute: (route) =>
        `The server has no address ${route}: check the API’s address (apiBaseUrl in config.js).`,
      bodyTooLarge: (kilobytes) => `What was sent is over the server’s limit (${kilobytes} KB).`,
      chunkExtensions:
        'The request came in a form the server refuses (chunk extensions too large).',
      jsonOnly: 'The server only accepts data as JSON.',
      headersTooLarge: 'The request’s headers are too large.',
      requestTimedOut: 'The request took too long to reach the server.',
      malformedRequest: 'The server could not read the request (malformed address or headers).',
      originRefused: (origin) =>
        `The API does not accept calls from ${origin}: CORS_ORIGINS must list it. Tell whoever runs the system.`,
      unavailable: (reason) => `Database unavailable: ${reason}.`,
    },
    databaseReasons: {
      unreachable: 'the server cannot reach it',
      connectionFailed: 'the connection to it failed',
      restarting: 'it is restarting',
      noConnections: 'it has no free connections',
      outOfResources: 'it is out of resources',
      tooSlow: 'it took too long to answer',
      credentialsRefused: 'it refused the server’s credentials',
      missing: 'it does not exist',
      busy: 'it is busy',
      connectTimeout: 'connecting to it took too long',
      connectionLost: 'the connection to it was lost',
    },
    issue: (field, problem) => `${field}: ${problem}.`,
    fields: {
      body: 'Request body',
      name: 'Name',
      email: 'E-mail',
      emailAt: (position) => `E-mail ${position}`,
      classes: 'Classes',
      classAt: (position) => `Class ${position}`,
      classIdAt: (position) => `Id of class ${position}`,
      classId: 'Class id',
      expirationDate: 'Expiry',
      page: 'Page',
      pageSize: 'Page size',
      sortBy: 'Sort order',
      query: 'Search',
    },
    issues: {
      required: 'required',
      text: 'must be text',
      classObject: 'must be given as {"id": text}',
      classList: 'must be a list of classes as {"id": text}',
      empty: 'must not be empty',
      maxLength: (max) => `can be at most ${max} characters long`,
      email: 'is not a valid e-mail address',
      controlCharacters: 'has characters that are not allowed, such as tabs or line breaks',
      loneSurrogate: 'holds an invalid character (malformed Unicode text)',
      bidiControls:
        'has invisible characters that change the order the text is shown in (text direction controls)',
      noLetterOrDigit: 'must have at least one letter or digit',
      noClass: 'name at least one class',
      tooManyClasses: (max) => `at most ${max} classes at a time`,
      repeatedClass: 'the same class appears more than once',
      dateTime: 'is not a valid date and time',
      range: (from, to) => `must be from ${from} to ${to}`,
      jsonObject: 'must be a JSON object',
      unknownFields: (fields, count) =>
        count === 1 ? `unknown field: ${fields}` : `unknown fields: ${fields}`,
      integer: 'must be a whole number',
      integerRange: (min, max) => `must be a whole number from ${min} to ${max}`,
      singleText: 'must be a single text',
      tooManyWords: (max) => `can have at most ${max} words`,
      oneOf: (values) => `must be one of ${values}`,
      noEmail: 'name at least one e-mail',
      tooManyEmails: (max) => `at most ${max} e-mails at a time`,
      cutOff: 'the request ended before all of it arrived',
      notUtf8: 'must be JSON encoded as UTF-8',
      notJson: 'is not valid JSON',
      tooDeep: (max) => `nested deeper than ${max} levels`,
      tooManyValues: (max) => `holds more than ${max} values`,
    },
  },
};
