/** The token `npm run dev` accepts when API_TOKENS is not set: printed at start, never for production. */
export const DEV_TOKEN = 'dev-token';
