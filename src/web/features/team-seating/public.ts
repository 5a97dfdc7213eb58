/** What team seating offers other features: the team panel of the personal settings dialog (consent and favourites). */
export { TeamSettingsPanel } from './components/team-settings-panel';
