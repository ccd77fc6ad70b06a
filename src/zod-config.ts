import { configureZod } from '#contract';

// Imported first by main.tsx: src/config.ts parses the deployment's config as it is imported.
configureZod();
