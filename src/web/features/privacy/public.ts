/** What privacy offers other features: the personal data export panel of the settings dialog. */
export { DataExportPanel } from './components/data-export-panel';
