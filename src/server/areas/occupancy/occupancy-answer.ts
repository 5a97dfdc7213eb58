import type { FloorPlanOccupancyResponse, LocationOccupancyResponse } from '@contracts/occupancy';
import type { EmbeddingRecord } from './occupancy-repository';

/** What `Deps.caches.occupancy` keeps; a file of its own, so deps.ts names it without importing the use case. */

export type OccupancyKind = 'plan' | 'location';

export interface OccupancyView {
  kind: OccupancyKind;
  dto: FloorPlanOccupancyResponse | LocationOccupancyResponse;
}

/** One cached answer; `view` is null when there is no such page (unknown, inactive, switched off, feature off). */
export interface OccupancyAnswer {
  embedding: EmbeddingRecord;
  view: OccupancyView | null;
  /** Built on first use and kept with the answer. */
  json?: { text: string; etag: string };
  html?: Partial<Record<'de' | 'en', { text: string; etag: string }>>;
}
