/**
 * What other areas may use of privacy: recording who read whose personal data,
 * and where a person's own-data export lies (decision 204).
 */
export { listScopeLines, recordAccess, recordAccessOfMany } from './access-audit';
export { personalExportPath } from './personal-data-export';
