/**
 * `npm run token -- --name NAME --role read|write`: a new credential for TOKENS_FILE. Prints the
 * token once (give it to whoever signs in with it) and the line to add to the file, which holds
 * the token's SHA-256 only: the server never needs the token itself (decision 019).
 */
import { parseArgs } from 'node:util';
import { CREDENTIAL_ROLES, type CredentialRole } from '#contract';
import { CREDENTIAL_NAME, newCredential } from '../server/credentials-file.ts';
import { runOperatorCommand } from '../server/operator-command.ts';

await runOperatorCommand('npm run token -- --name NAME --role read|write', () => {
  const { values } = parseArgs({
    options: { name: { type: 'string' }, role: { type: 'string' } },
  });
  const { name, role } = values;
  if (!name || !CREDENTIAL_NAME.test(name)) {
    return Promise.resolve({ usage: '--name is required: 1 to 64 of a-z 0-9 . _ -' });
  }
  if (!(CREDENTIAL_ROLES as readonly string[]).includes(role ?? '')) {
    return Promise.resolve({ usage: `--role must be ${CREDENTIAL_ROLES.join(' or ')}` });
  }
  const { token, line } = newCredential(name, role as CredentialRole);
  return Promise.resolve({
    done:
      `Token for ${name} (${role}), shown only now:\n\n  ${token}\n\n` +
      `Add this line to TOKENS_FILE (the server picks it up within seconds):\n\n  ${line}\n`,
  });
});
