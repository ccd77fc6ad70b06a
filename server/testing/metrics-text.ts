/** Reading a scrape of GET /metrics (metrics.ts) in tests. */
import { expect } from 'vitest';

/** The Prometheus text a scrape of `url` answers. */
export async function scrape(url: string | undefined): Promise<string> {
  const answer = await fetch(url!);
  expect(answer.status).toBe(200);
  return answer.text();
}

/** The value of one series, `name{labels}` exactly as written; undefined when it is absent. */
export function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Until `check` passes or five seconds have gone by (the machine may be busy). */
export async function eventually(check: () => Promise<void>): Promise<void> {
  const giveUpAt = performance.now() + 5_000;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (performance.now() > giveUpAt) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
