CREATE TABLE "access_log_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"attorney_user_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"firm_user_id" uuid NOT NULL,
	"firm_name" text NOT NULL,
	"reader_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"reads" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"count" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_log_entries" ADD CONSTRAINT "access_log_entries_attorney_user_id_users_id_fk" FOREIGN KEY ("attorney_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_log_entries" ADD CONSTRAINT "access_log_entries_request_id_lpq_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."lpq_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_log_entries" ADD CONSTRAINT "access_log_entries_firm_user_id_users_id_fk" FOREIGN KEY ("firm_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_entries_attorney_idx" ON "access_log_entries" USING btree ("attorney_user_id","last_at","id");--> statement-breakpoint
CREATE INDEX "access_log_entries_firm_idx" ON "access_log_entries" USING btree ("attorney_user_id","firm_name","last_at","id");--> statement-breakpoint
CREATE INDEX "access_log_entries_request_idx" ON "access_log_entries" USING btree ("request_id","last_at","id");--> statement-breakpoint
CREATE INDEX "access_log_entries_reader_idx" ON "access_log_entries" USING btree ("request_id","firm_user_id","last_at");--> statement-breakpoint
CREATE INDEX "access_events_reader_idx" ON "access_events" USING btree ("request_id","firm_user_id","created_at","id");--> statement-breakpoint
-- The access log kept on write (schema/audit.ts accessLogEntries): each event joins its reader's latest
-- entry of the request when it follows that entry's last read within 30 minutes (ACCESS_LOG_WINDOW_MINUTES),
-- else starts a new entry. In the transaction of the event's insert, so the log never misses a read.
CREATE FUNCTION "access_events_log_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry bigint;
  entry_firm text;
  read_key text := NEW.kind || coalesce(':' || NEW.file_name, '');
BEGIN
  -- One writer per reader and request at a time: two concurrent first reads make one entry, not two.
  PERFORM pg_advisory_xact_lock(hashtextextended(NEW.request_id::text || '/' || NEW.firm_user_id::text, 0));
  SELECT e.id, e.firm_name INTO entry, entry_firm FROM access_log_entries e
    WHERE e.request_id = NEW.request_id AND e.firm_user_id = NEW.firm_user_id
      AND e.last_at >= NEW.created_at - interval '30 minutes' AND e.first_at <= NEW.created_at + interval '30 minutes'
    ORDER BY e.last_at DESC LIMIT 1;
  -- A renamed firm starts a new entry: an entry names one firm, so the firm filter stays exact.
  IF entry IS NOT NULL AND entry_firm = NEW.firm_name THEN
    UPDATE access_log_entries SET
      count = count + 1,
      first_at = least(first_at, NEW.created_at),
      last_at = greatest(last_at, NEW.created_at),
      reads = reads || jsonb_build_object(read_key, coalesce((reads ->> read_key)::int, 0) + 1),
      reader_roles = CASE WHEN NEW.reader_roles <@ reader_roles THEN reader_roles
        ELSE ARRAY(SELECT DISTINCT x FROM unnest(reader_roles || NEW.reader_roles) x ORDER BY x) END
    WHERE id = entry;
  ELSE
    INSERT INTO access_log_entries (attorney_user_id, request_id, firm_user_id, firm_name, reader_roles, reads,
                                    count, first_at, last_at)
    VALUES (NEW.attorney_user_id, NEW.request_id, NEW.firm_user_id, NEW.firm_name,
            ARRAY(SELECT DISTINCT x FROM unnest(NEW.reader_roles) x ORDER BY x),
            jsonb_build_object(read_key, 1), 1, NEW.created_at, NEW.created_at);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "access_events_log_entry" AFTER INSERT ON "access_events"
  FOR EACH ROW EXECUTE FUNCTION "access_events_log_entry"();
--> statement-breakpoint
-- The same entries from the stored events, in one set-based pass (runs of one reader's reads of one request
-- with no gap over 30 minutes). For the migration and for a bulk load made without the trigger; it replaces
-- every entry, so nothing else may write events while it runs.
CREATE FUNCTION "access_log_entries_backfill"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM access_log_entries;
  WITH marked AS (
    SELECT e.*, CASE WHEN e.created_at - lag(e.created_at) OVER w <= interval '30 minutes'
                     AND e.firm_name = lag(e.firm_name) OVER w THEN 0 ELSE 1 END AS starts
    FROM access_events e
    WINDOW w AS (PARTITION BY e.request_id, e.firm_user_id ORDER BY e.created_at, e.id)
  ), runs AS (
    SELECT m.*, sum(m.starts) OVER (PARTITION BY m.request_id, m.firm_user_id ORDER BY m.created_at, m.id) AS run
    FROM marked m
  ), per_read AS (
    SELECT request_id, firm_user_id, run, kind || coalesce(':' || file_name, '') AS read_key, count(*)::int AS n,
           min(attorney_user_id::text) AS attorney, min(firm_name) AS firm_name,
           min(created_at) AS first_at, max(created_at) AS last_at
    FROM runs GROUP BY request_id, firm_user_id, run, kind || coalesce(':' || file_name, '')
  ), roles AS (
    SELECT request_id, firm_user_id, run, array_agg(DISTINCT role ORDER BY role) AS roles
    FROM runs, unnest(reader_roles) role GROUP BY request_id, firm_user_id, run
  )
  INSERT INTO access_log_entries (attorney_user_id, request_id, firm_user_id, firm_name, reader_roles, reads, count,
                                  first_at, last_at)
  SELECT min(p.attorney)::uuid, p.request_id, p.firm_user_id, min(p.firm_name), coalesce(min(ro.roles), '{}'),
         jsonb_object_agg(p.read_key, p.n), sum(p.n)::int, min(p.first_at), max(p.last_at)
  FROM per_read p
  LEFT JOIN roles ro ON ro.request_id = p.request_id AND ro.firm_user_id = p.firm_user_id AND ro.run = p.run
  GROUP BY p.request_id, p.firm_user_id, p.run
  ORDER BY max(p.last_at);
$$;
--> statement-breakpoint
SELECT "access_log_entries_backfill"();
