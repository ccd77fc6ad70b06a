/**
 * `npm audit` of what ships (dependencies, not devDependencies), failing on high or critical
 * advisories. Not part of `npm test`: it needs the registry's advisory service, which changes on
 * its own and is not always reachable (this machine's registry answers 405), so it runs as a job
 * of its own. Exit 0: clean; 1: high or critical advisories; 2: audit unavailable (after retries).
 */
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

function audit() {
  try {
    return execFileSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
  } catch (error) {
    // npm audit exits 1 when it finds anything, and still prints its JSON report.
    if (error.stdout) return String(error.stdout);
    throw error;
  }
}

for (let attempt = 1; attempt <= 3; attempt++) {
  const report = JSON.parse(audit());
  const counts = report.metadata?.vulnerabilities;
  if (counts) {
    const { high = 0, critical = 0 } = counts;
    if (high + critical === 0) {
      console.log(
        `npm audit --omit=dev: no high or critical advisories (${JSON.stringify(counts)})`,
      );
      process.exit(0);
    }
    for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
      if (entry.severity === 'high' || entry.severity === 'critical') {
        console.error(`${entry.severity}: ${name} ${entry.range}`);
      }
    }
    process.exit(1);
  }
  console.error(
    `npm audit unavailable (${report.message ?? report.error?.summary ?? 'no report'}), attempt ${attempt}`,
  );
  if (attempt < 3) await sleep(attempt * 15_000);
}
process.exit(2);
