-- hand-written: the dashboard's summary at its own grain (decision 279). A student's usage row
-- records the class its conversation's assignment record came through when it is written, and
-- ai_usage_day adds up by that class instead of by conversation: the dashboard's read then joins
-- nothing per summary row (at tenfold data that join was a third of the read). The summary is
-- rebuilt here, its triggers off while the rows get their class (the migration's transaction holds
-- writers off until it commits).
DROP TRIGGER "ai_usage_day_insert" ON "ai_usage";--> statement-breakpoint
DROP TRIGGER "ai_usage_day_update" ON "ai_usage";--> statement-breakpoint
DROP TRIGGER "ai_usage_day_delete" ON "ai_usage";--> statement-breakpoint
ALTER TABLE "ai_usage" ADD COLUMN "class_id" uuid;--> statement-breakpoint
-- A student's row (the caller is not the pool's owner) written without a class finds it through
-- its conversation's assignment record, in the writer's statement: one look-up on the record's
-- conversation index and the roster entry's key. A teacher's rows skip it.
CREATE FUNCTION "ai_usage_class"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.class_id IS NULL AND NEW.conversation_id IS NOT NULL AND NEW.user_id <> NEW.pool_owner_id THEN
    SELECT re.class_id INTO NEW.class_id
    FROM student_assignment sa JOIN roster_entry re ON re.id = sa.roster_entry_id
    WHERE sa.conversation_id = NEW.conversation_id
    LIMIT 1;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ai_usage_class" BEFORE INSERT ON "ai_usage" FOR EACH ROW EXECUTE FUNCTION "ai_usage_class"();--> statement-breakpoint
UPDATE "ai_usage" u SET class_id = re.class_id
FROM student_assignment sa JOIN roster_entry re ON re.id = sa.roster_entry_id
WHERE sa.conversation_id = u.conversation_id AND u.user_id <> u.pool_owner_id;--> statement-breakpoint
DELETE FROM "ai_usage_day";--> statement-breakpoint
ALTER TABLE "ai_usage_day" DROP CONSTRAINT "ai_usage_day_key";--> statement-breakpoint
ALTER TABLE "ai_usage_day" DROP COLUMN "conversation_id";--> statement-breakpoint
ALTER TABLE "ai_usage_day" ADD COLUMN "class_id" uuid;--> statement-breakpoint
ALTER TABLE "ai_usage_day" ADD CONSTRAINT "ai_usage_day_key" UNIQUE NULLS NOT DISTINCT("school_id","day","pool_owner_id","user_id","bot_id","class_id");--> statement-breakpoint
-- As in 0030, keyed by the row's class: each statement's rows added up first, one upsert of
-- increments in key order; an update moves a row's old contribution out and its new one in (the
-- class is the row's own, so both sides find the same summary row whatever happened to the class
-- since); a group that reaches no counted call is deleted.
CREATE OR REPLACE FUNCTION "ai_usage_day_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO ai_usage_day AS d (school_id, day, pool_owner_id, user_id, bot_id, class_id, calls, generations, input_tokens, output_tokens, images)
    SELECT school_id, (created_at AT TIME ZONE 'UTC')::date, pool_owner_id, user_id, bot_id, class_id,
      count(*), count(*) FILTER (WHERE kind = 'text'), sum(input_tokens), sum(output_tokens), sum(images)
    FROM new_rows
    WHERE school_id IS NOT NULL AND kind IN ('text', 'image') AND outcome IN ('ok', 'interrupted', 'blocked')
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (school_id, day, pool_owner_id, user_id, bot_id, class_id) DO UPDATE SET
      calls = d.calls + excluded.calls, generations = d.generations + excluded.generations,
      input_tokens = d.input_tokens + excluded.input_tokens, output_tokens = d.output_tokens + excluded.output_tokens,
      images = d.images + excluded.images;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    WITH gone AS (
      SELECT school_id, (created_at AT TIME ZONE 'UTC')::date AS day, pool_owner_id, user_id, bot_id, class_id,
        count(*) AS calls, count(*) FILTER (WHERE kind = 'text') AS generations, sum(input_tokens) AS input_tokens,
        sum(output_tokens) AS output_tokens, sum(images) AS images
      FROM old_rows
      WHERE school_id IS NOT NULL AND kind IN ('text', 'image') AND outcome IN ('ok', 'interrupted', 'blocked')
      GROUP BY 1, 2, 3, 4, 5, 6
    )
    UPDATE ai_usage_day d SET calls = d.calls - g.calls, generations = d.generations - g.generations,
      input_tokens = d.input_tokens - g.input_tokens, output_tokens = d.output_tokens - g.output_tokens, images = d.images - g.images
    FROM gone g
    WHERE d.school_id = g.school_id AND d.day = g.day AND d.pool_owner_id = g.pool_owner_id AND d.user_id = g.user_id
      AND d.bot_id IS NOT DISTINCT FROM g.bot_id AND d.class_id IS NOT DISTINCT FROM g.class_id;
    DELETE FROM ai_usage_day d USING (SELECT DISTINCT school_id, (created_at AT TIME ZONE 'UTC')::date AS day, pool_owner_id, user_id FROM old_rows
      WHERE school_id IS NOT NULL AND kind IN ('text', 'image') AND outcome IN ('ok', 'interrupted', 'blocked')) g
    WHERE d.calls = 0 AND d.school_id = g.school_id AND d.day = g.day AND d.pool_owner_id = g.pool_owner_id AND d.user_id = g.user_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ai_usage_day_insert" AFTER INSERT ON "ai_usage" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ai_usage_day_apply"();--> statement-breakpoint
CREATE TRIGGER "ai_usage_day_update" AFTER UPDATE ON "ai_usage" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ai_usage_day_apply"();--> statement-breakpoint
CREATE TRIGGER "ai_usage_day_delete" AFTER DELETE ON "ai_usage" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ai_usage_day_apply"();--> statement-breakpoint
INSERT INTO "ai_usage_day" (school_id, day, pool_owner_id, user_id, bot_id, class_id, calls, generations, input_tokens, output_tokens, images)
SELECT school_id, (created_at AT TIME ZONE 'UTC')::date, pool_owner_id, user_id, bot_id, class_id,
  count(*), count(*) FILTER (WHERE kind = 'text'), sum(input_tokens), sum(output_tokens), sum(images)
FROM ai_usage
WHERE school_id IS NOT NULL AND kind IN ('text', 'image') AND outcome IN ('ok', 'interrupted', 'blocked')
GROUP BY 1, 2, 3, 4, 5, 6;
