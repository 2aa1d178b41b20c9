/** The sanctions module's public entry: loading lists and screening names against them. */
export {
  DEFAULT_MATCH_THRESHOLD,
  importSanctionsList,
  loadedLists,
  screenName,
  screenNames,
  SanctionsFileError,
  type ImportInput,
  type ImportResult,
  type SanctionsMatch,
  type ScreenInput,
} from './sanctions.service.js';
export { loadSampleList, loadSampleListIfNone, SAMPLE_LIST_ID } from './sanctions.sample.js';
