import { providePgliteTemplate } from '@test/support/global-setup';
import type { TestProject } from 'vitest/node';

/**
 * The browser journeys run their app on PGlite only (`startServer`), so they need its template and
 * not the PostgreSQL one: building that would migrate and seed a database no journey opens.
 */
export default async function setup(project: TestProject) {
  const removePglite = await providePgliteTemplate(project);
  project.provide('postgresTemplate', null);
  return removePglite;
}
