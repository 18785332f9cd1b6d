-- Live updates (decision record 027): the bell and the conversations announce their changes on
-- the same channel as migration 0011's tags, so every server instance tells its open live
-- connections within the second: 'bell:<user id>' when a person's notifications are added, read
-- or deleted; 'talk:practice:<id>' and 'talk:professional:<id>' when a message is sent or read in
-- a conversation of that practice or professional. Tags no kept answer carries change nothing
-- kept (services/kept-answers.ts).
CREATE TRIGGER notifications_notice_insert AFTER INSERT ON notifications
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('''bell:'' || r.user_id');
--> statement-breakpoint
CREATE TRIGGER notifications_notice_update AFTER UPDATE ON notifications
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('''bell:'' || r.user_id');
--> statement-breakpoint
CREATE TRIGGER notifications_notice_delete AFTER DELETE ON notifications
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_old_rows('''bell:'' || r.user_id');
--> statement-breakpoint
CREATE TRIGGER conversation_messages_notice_insert AFTER INSERT ON conversation_messages
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest((SELECT array[''talk:practice:'' || c.practice_id, ''talk:professional:'' || c.professional_id] FROM conversations c WHERE c.id = r.conversation_id))');
--> statement-breakpoint
CREATE TRIGGER conversation_messages_notice_update AFTER UPDATE ON conversation_messages
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_new_rows('unnest((SELECT array[''talk:practice:'' || c.practice_id, ''talk:professional:'' || c.professional_id] FROM conversations c WHERE c.id = r.conversation_id))');
