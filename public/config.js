// Turmas Admin runtime configuration. Edit per deployment; no rebuild needed.
// apiBaseUrl: a path on this site ("/v1") or a full http(s) URL of the Class Enrollment API v1.
//   On another site, that API must answer CORS for this console's origin (reference server:
//   CORS_ORIGINS); the server serving this file lets the page connect there (its CSP follows).
// requestTimeoutMs (optional, 1000–120000, default 15000): how long a request may take.
// schoolYearEnd (optional, default { month: 12, day: 31 }): the last day of the school year, the
//   default expiry of an enrolment ("Fim do ano letivo"); when it is less than 60 days away, the
//   next year's is offered.
// firstTermEnd (optional, e.g. { month: 7, day: 15 }): the end of the first term; offers
//   "Fim do semestre" (the next term end at least 60 days away).
window.__TURMAS_CONFIG__ = { apiBaseUrl: '/v1' };
