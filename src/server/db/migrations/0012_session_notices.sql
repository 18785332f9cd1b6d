-- Each server keeps the sessions it has read in memory (auth/session-reader.ts, decision 011):
-- a change to a session or to its account is announced, on commit, as 'user:<id>' (the same tag
-- a user's own requests forget their kept answers with), so every server forgets it: a session
-- signed out, revoked or extended, an account renamed or re-typed. A deleted account takes its
-- sessions with it (announced by their deletion). A new decision about a professional (decisions
-- are only ever added) is announced as 'professional:<id>': their kept profile shows its reason.
CREATE TRIGGER sessions_notice_update AFTER UPDATE ON sessions
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('''user:'' || r.user_id');
--> statement-breakpoint
CREATE TRIGGER sessions_notice_delete AFTER DELETE ON sessions
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('''user:'' || r.user_id');
--> statement-breakpoint
CREATE TRIGGER users_notice_update AFTER UPDATE ON users
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('''user:'' || r.id');
--> statement-breakpoint
CREATE TRIGGER verification_decisions_notice_insert AFTER INSERT ON verification_decisions
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('''professional:'' || r.professional_id');
