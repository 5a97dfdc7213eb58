/** What the occupancy feature offers other screens: the room admin's tab and the tenant administration's part (decision 230). */
export { OccupancyEmbedding } from './components/occupancy-embedding';
export { OccupancyPlanTab } from './components/occupancy-plan-tab';
