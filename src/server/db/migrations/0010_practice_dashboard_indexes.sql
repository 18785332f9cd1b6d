DROP INDEX "bookings_practice_idx";--> statement-breakpoint
CREATE INDEX "shifts_practice_dashboard_idx" ON "shifts" USING btree ("practice_id","status","starts_at","created_at","first_response_at");--> statement-breakpoint
CREATE INDEX "bookings_practice_idx" ON "bookings" USING btree ("practice_id","status","professional_id");