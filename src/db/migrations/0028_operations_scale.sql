-- The desk map of a day asks for the bookings of the plan's objects with von < end of day and bis > start of day.
-- On (tenant_id, reading_room_id, von) the bound on von reads an object's whole history before that day;
-- on bis it reads only what ends after the day began: that day and the bookings ahead (decision 132).
CREATE INDEX IF NOT EXISTS "reading_room_bookings_tenant_id_reading_room_id_bis_index" ON "reading_room_bookings" USING btree ("tenant_id","reading_room_id","bis");
