/** What the directory feature offers other screens: its section of the tenant administration. */
export { DirectorySettings } from './components/directory-settings';
