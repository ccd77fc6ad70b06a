/**
 * Vitest global setup of project `api-postgres` (vitest.config.ts): a throwaway PostgreSQL
 * cluster for the run, or the server TEST_DATABASE_URL names (it must allow CREATE DATABASE).
 * Each test server then gets a database of its own in it (database.ts).
 */
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

const withoutPassword = (url: string) => {
  const shown = new URL(url);
  if (shown.password) shown.password = '***';
  return shown.href;
};

export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    console.log(`api-postgres: on TEST_DATABASE_URL ${withoutPassword(given)}`);
    project.provide('postgresUrl', given);
    return;
  }
  const started = performance.now();
  const cluster = await startPostgresCluster({ unsafeFast: true });
  const took = Math.round(performance.now() - started);
  console.log(`api-postgres: on a throwaway cluster ${withoutPassword(cluster.url)} (${took} ms)`);
  project.provide('postgresUrl', cluster.url);
  return () => cluster.destroy();
}
