-- A rating changes the rated professional's average, which decides who may book an instant shift
-- limited to a minimum rating (decision record 022): ratings announce the professional too.
DROP TRIGGER ratings_notice_insert ON ratings;--> statement-breakpoint
DROP TRIGGER ratings_notice_update ON ratings;--> statement-breakpoint
DROP TRIGGER ratings_notice_delete ON ratings;--> statement-breakpoint
CREATE TRIGGER ratings_notice_insert AFTER INSERT ON ratings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest(array[''practice:'' || r.practice_id, ''professional:'' || r.professional_id])');--> statement-breakpoint
CREATE TRIGGER ratings_notice_update AFTER UPDATE ON ratings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest(array[''practice:'' || r.practice_id, ''professional:'' || r.professional_id])');--> statement-breakpoint
CREATE TRIGGER ratings_notice_delete AFTER DELETE ON ratings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('unnest(array[''practice:'' || r.practice_id, ''professional:'' || r.professional_id])');
