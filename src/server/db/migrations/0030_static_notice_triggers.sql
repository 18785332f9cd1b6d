-- Issue 19 (writes under load), decision record 037: the change notices of migrations 0011, 0012,
-- 0017, 0018, 0019, 0022, 0026 and 0029 were announced by two generic functions,
-- notify_new_rows() / notify_old_rows(), which ran the trigger's tag expression with EXECUTE:
-- dynamic SQL is parsed and planned again on every call, and every write fires two to five of
-- them. Here each table gets its own pair of functions, the same query with the expression
-- written in: plpgsql prepares static SQL once per session and reuses its plan. What is
-- announced does not change (test/api/static-notice-triggers.test.ts compares both): for each
-- statement, the distinct non-NULL tags of its new rows (insert, update) or old rows (delete,
-- and a shift's update, which can move it to another position or practice), one pg_notify each
-- on 'chairfill_changes'. The triggers keep their names (kept-answer-registry.ts lists them),
-- stay statement-level with their transition tables (one call per statement, however many rows),
-- and are replaced in place; the migration runs in one transaction, so no write goes unannounced.
-- The other announcing functions (notify_practice_names, notify_practice_payment_holds,
-- notify_practice_verification, notify_shown_reach, notify_reach_changes) are static already.
CREATE FUNCTION shifts_notice_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array['position:' || r.position, 'practice:' || r.practice_id]) AS tag FROM new_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION shifts_notice_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array['position:' || r.position, 'practice:' || r.practice_id]) AS tag FROM old_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER shifts_notice_insert AFTER INSERT ON shifts
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shifts_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER shifts_notice_update AFTER UPDATE ON shifts
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shifts_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER shifts_notice_update_old AFTER UPDATE ON shifts
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shifts_notice_old_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER shifts_notice_delete AFTER DELETE ON shifts
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shifts_notice_old_rows();--> statement-breakpoint
CREATE FUNCTION shift_applications_notice_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array['professional:' || r.professional_id, 'practice:' || (SELECT s.practice_id FROM shifts s WHERE s.id = r.shift_id)]) AS tag FROM new_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION shift_applications_notice_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array['professional:' || r.professional_id, 'practice:' || (SELECT s.practice_id FROM shifts s WHERE s.id = r.shift_id)]) AS tag FROM old_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER shift_applications_notice_insert AFTER INSERT ON shift_applications
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shift_applications_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER shift_applications_notice_update AFTER UPDATE ON shift_applications
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shift_applications_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER shift_applications_notice_delete AFTER DELETE ON shift_applications
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shift_applications_notice_old_rows();--> statement-breakpoint
CREATE FUNCTION bookings_notice_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array['professional:' || r.professional_id, 'practice:' || r.practice_id]) AS tag FROM new_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION bookings_notice_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array['professional:' || r.professional_id, 'practice:' || r.practice_id]) AS tag FROM old_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER bookings_notice_insert AFTER INSERT ON bookings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER bookings_notice_update AFTER UPDATE ON bookings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER bookings_notice_delete AFTER DELETE ON bookings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_notice_old_rows();--> statement-breakpoint
CREATE FUNCTION ratings_notice_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array['practice:' || r.practice_id, 'professional:' || r.professional_id]) AS tag FROM new_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION ratings_notice_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array['practice:' || r.practice_id, 'professional:' || r.professional_id]) AS tag FROM old_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER ratings_notice_insert AFTER INSERT ON ratings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ratings_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER ratings_notice_update AFTER UPDATE ON ratings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ratings_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER ratings_notice_delete AFTER DELETE ON ratings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ratings_notice_old_rows();--> statement-breakpoint
CREATE FUNCTION professionals_notice_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT 'professional:' || r.id AS tag FROM new_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION professionals_notice_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT 'professional:' || r.id AS tag FROM old_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER professionals_notice_update AFTER UPDATE ON professionals
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION professionals_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER professionals_notice_delete AFTER DELETE ON professionals
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION professionals_notice_old_rows();--> statement-breakpoint
CREATE FUNCTION verification_decisions_notice_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT 'professional:' || r.professional_id AS tag FROM new_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER verification_decisions_notice_insert AFTER INSERT ON verification_decisions
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verification_decisions_notice_new_rows();--> statement-breakpoint
CREATE FUNCTION sessions_notice_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT 'user:' || r.user_id AS tag FROM old_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER sessions_notice_update AFTER UPDATE ON sessions
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sessions_notice_old_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER sessions_notice_delete AFTER DELETE ON sessions
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sessions_notice_old_rows();--> statement-breakpoint
CREATE FUNCTION users_notice_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT 'user:' || r.id AS tag FROM old_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER users_notice_update AFTER UPDATE ON users
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_notice_old_rows();--> statement-breakpoint
CREATE FUNCTION charges_notice_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array['practice:' || r.practice_id, 'professional:' || r.professional_id]) AS tag FROM new_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION charges_notice_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array['practice:' || r.practice_id, 'professional:' || r.professional_id]) AS tag FROM old_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER charges_notice_insert AFTER INSERT ON charges
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION charges_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER charges_notice_update AFTER UPDATE ON charges
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION charges_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER charges_notice_delete AFTER DELETE ON charges
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION charges_notice_old_rows();--> statement-breakpoint
CREATE FUNCTION invoices_notice_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT 'practice:' || r.practice_id AS tag FROM new_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION invoices_notice_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT 'practice:' || r.practice_id AS tag FROM old_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER invoices_notice_insert AFTER INSERT ON invoices
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER invoices_notice_delete AFTER DELETE ON invoices
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_notice_old_rows();--> statement-breakpoint
CREATE FUNCTION payouts_notice_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array['professional:' || r.professional_id, 'practice:' || (SELECT c.practice_id FROM charges c WHERE c.id = r.charge_id)]) AS tag FROM new_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER payouts_notice_insert AFTER INSERT ON payouts
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payouts_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER payouts_notice_update AFTER UPDATE ON payouts
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payouts_notice_new_rows();--> statement-breakpoint
CREATE FUNCTION timesheets_notice_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array['practice:' || r.practice_id, 'professional:' || r.professional_id]) AS tag FROM new_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION timesheets_notice_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array['practice:' || r.practice_id, 'professional:' || r.professional_id]) AS tag FROM old_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER timesheets_notice_insert AFTER INSERT ON timesheets
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timesheets_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER timesheets_notice_update AFTER UPDATE ON timesheets
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timesheets_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER timesheets_notice_delete AFTER DELETE ON timesheets
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION timesheets_notice_old_rows();--> statement-breakpoint
CREATE FUNCTION blocks_notice_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array['practice:' || r.practice_id, 'professional:' || r.professional_id]) AS tag FROM new_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION blocks_notice_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array['practice:' || r.practice_id, 'professional:' || r.professional_id]) AS tag FROM old_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER blocks_notice_insert AFTER INSERT ON blocks
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION blocks_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER blocks_notice_delete AFTER DELETE ON blocks
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION blocks_notice_old_rows();--> statement-breakpoint
CREATE FUNCTION credentials_notice_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT 'professional:' || r.professional_id AS tag FROM new_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION credentials_notice_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT 'professional:' || r.professional_id AS tag FROM old_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER credentials_notice_insert AFTER INSERT ON credentials
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION credentials_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER credentials_notice_update AFTER UPDATE ON credentials
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION credentials_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER credentials_notice_delete AFTER DELETE ON credentials
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION credentials_notice_old_rows();--> statement-breakpoint
CREATE FUNCTION favourites_notice_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array['practice:' || r.practice_id, 'professional:' || r.professional_id]) AS tag FROM new_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION favourites_notice_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array['practice:' || r.practice_id, 'professional:' || r.professional_id]) AS tag FROM old_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER favourites_notice_insert AFTER INSERT ON favourites
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION favourites_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER favourites_notice_delete AFTER DELETE ON favourites
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION favourites_notice_old_rows();--> statement-breakpoint
CREATE FUNCTION notifications_notice_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT 'bell:' || r.user_id AS tag FROM new_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION notifications_notice_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT 'bell:' || r.user_id AS tag FROM old_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER notifications_notice_insert AFTER INSERT ON notifications
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER notifications_notice_update AFTER UPDATE ON notifications
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER notifications_notice_delete AFTER DELETE ON notifications
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_notice_old_rows();--> statement-breakpoint
CREATE FUNCTION conversation_messages_notice_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest((SELECT array['talk:practice:' || c.practice_id, 'talk:professional:' || c.professional_id] FROM conversations c WHERE c.id = r.conversation_id)) AS tag FROM new_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER conversation_messages_notice_insert AFTER INSERT ON conversation_messages
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_messages_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER conversation_messages_notice_update AFTER UPDATE ON conversation_messages
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_messages_notice_new_rows();--> statement-breakpoint
CREATE FUNCTION shift_reach_notice_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT 'practice:' || (SELECT s.practice_id FROM shifts s WHERE s.id = r.shift_id) AS tag FROM new_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION shift_reach_notice_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT 'practice:' || (SELECT s.practice_id FROM shifts s WHERE s.id = r.shift_id) AS tag FROM old_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER shift_reach_notice_insert AFTER INSERT ON shift_reach
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shift_reach_notice_new_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER shift_reach_notice_delete AFTER DELETE ON shift_reach
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shift_reach_notice_old_rows();--> statement-breakpoint
-- Nothing calls the generic functions any more.
DROP FUNCTION notify_new_rows();--> statement-breakpoint
DROP FUNCTION notify_old_rows();
