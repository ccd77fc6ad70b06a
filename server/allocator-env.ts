/**
 * glibc's malloc settings for an API process. By default glibc raises its mmap threshold to the
 * largest buffer freed (up to 32 MB); buffers below it then come from its heap and stay with the
 * process once freed. The read models' loads free many, and at 1,000,000 turmas ~80 MB stayed
 * resident for nothing (decision 017, "The allocator's share"). Fixed thresholds give them back.
 *
 * glibc reads them when a process starts, so whoever starts an API process sets them: `npm start`
 * (package.json, held to this by scripts/allocator-env.test.ts), start-scaled.ts, and the tests'
 * and benchmarks' launchers. Other C libraries ignore them.
 */
export const ALLOCATOR_ENV = {
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
} as const;
