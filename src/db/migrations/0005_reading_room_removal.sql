-- Decision 025: a floor plan can be deactivated as a whole (it then disappears
-- from the booking screens and the kiosk, stays in /admin/raeume). Seats and rooms already
-- carry their own active flag (reading_rooms.active).
ALTER TABLE "floor_plans" ADD COLUMN "active" boolean DEFAULT true NOT NULL;
