-- Issue 19, decision record 042: a change to a shift announced its position ('position:<p>'), so
-- every Find Shifts board of that position, anywhere in the state, was computed again on every
-- server and every phone following one fetched it again: under the benchmark's mix no board
-- stayed kept at all. A shift now announces its area instead: 'area:<position>:<row>:<column>',
-- the cell of 0.25 by 0.25 degrees its coordinates fall in (board-area.ts, BOARD_AREA_DEGREES,
-- must agree: test/api/board-area.test.ts). A board follows the cells its bounding box meets.
-- A shift without coordinates is on no board and announces no area. Its practice is announced
-- as before; an update announces the old and the new rows' areas (a shift moved), and its area
-- not at all when only first_response_at changed (migration 0033). The triggers keep their names.
CREATE FUNCTION shift_board_area(shift_position text, shift_latitude double precision, shift_longitude double precision)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'area:' || shift_position || ':' || floor(shift_latitude / 0.25)::int || ':'
    || floor(shift_longitude / 0.25)::int
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION shifts_notice_new_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array[shift_board_area(r.position, r.latitude, r.longitude), 'practice:' || r.practice_id]) AS tag FROM new_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION shifts_notice_old_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array[shift_board_area(r.position, r.latitude, r.longitude), 'practice:' || r.practice_id]) AS tag FROM old_rows r) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION shifts_notice_updated_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chairfill_changes', tag) FROM (SELECT DISTINCT tag FROM (
    SELECT unnest(array[
      CASE WHEN n.id IS NULL OR o.id IS NULL
        OR (to_jsonb(n) - 'first_response_at') IS DISTINCT FROM (to_jsonb(o) - 'first_response_at')
        THEN CASE WHEN TG_ARGV[0] = 'new' THEN shift_board_area(n.position, n.latitude, n.longitude)
          ELSE shift_board_area(o.position, o.latitude, o.longitude) END END,
      'practice:' || CASE WHEN TG_ARGV[0] = 'new' THEN n.practice_id ELSE o.practice_id END]) AS tag
    FROM new_rows n FULL JOIN old_rows o ON o.id = n.id) t WHERE tag IS NOT NULL) d;
  RETURN NULL;
END;
$$;
