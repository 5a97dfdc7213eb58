/** What the calendar offers other features: the feed panel of the personal settings dialog. */
export { CalendarFeedPanel } from './components/calendar-feed-panel';
