import { RunProgress } from '../../../lib/batch-run/run-progress';
import type { Runner, RunSnapshot } from '../../../lib/batch-run/runner';

interface RunStepProps {
  snapshot: RunSnapshot;
  runner: Runner;
}

/** The bulk run as it goes: the shared view of a run, which a bulk run may also cancel. */
export function RunStep({ snapshot, runner }: RunStepProps) {
  return <RunProgress snapshot={snapshot} runner={runner} cancellable />;
}
