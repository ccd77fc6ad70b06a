/**
 * How `npm run backup` and `npm run restore` end: a line saying what was done (exit 0), the
 * usage (exit 2), or one line saying what went wrong (exit 1). Never a stack trace: an operator
 * reads these at 3 a.m., and pg's errors can carry the connection's settings.
 */
import { BackupError } from './backup.ts';

export type CommandOutcome = { done: string } | { usage: string };

export async function runOperatorCommand(
  usage: string,
  command: () => Promise<CommandOutcome>,
): Promise<void> {
  let outcome: CommandOutcome;
  try {
    outcome = await command();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) {
      console.error(error instanceof BackupError ? message : `Unexpected failure: ${message}`);
      process.exit(1);
    }
    outcome = { usage: message };
  }
  if ('usage' in outcome) {
    console.error(`${outcome.usage}\nUsage: ${usage}`);
    process.exit(2);
  }
  console.log(outcome.done);
}
