// Turmas Admin runtime configuration. Edit per deployment; no rebuild needed.
// apiBaseUrl: a path on this site ("/v1") or a full http(s) URL of the Class Enrollment API v1.
//   On another site, that API must answer CORS for this console's origin (reference server:
//   CORS_ORIGINS); the server serving this file lets the page connect there (its CSP follows).
// requestTimeoutMs (optional, 1000–120000, default 15000): how long a request may take.
window.__TURMAS_CONFIG__ = { apiBaseUrl: '/v1' };
