-- Issue 66 item 4: an access log entry counts each package read by the parts it carried (access_events.parts),
-- so the attorney's log names what the read held, not what the reader's roles might reach: a member holding
-- reviewer and conflicts, unassigned, read the conflicts form alone. The key of a read in an entry's `reads`:
-- `kind`, `kind:file name` for a file, `kind[part,part]` for a package view or PDF with its parts
-- (modules/audit/access-log.repo.ts reads the three back). One definition, for the trigger and the backfill.
CREATE FUNCTION "access_read_key"(kind text, file_name text, parts text[]) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT kind || coalesce(':' || file_name, '')
    || CASE WHEN kind IN ('package_view', 'pdf_download') AND parts IS NOT NULL
            THEN '[' || array_to_string(parts, ',') || ']' ELSE '' END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "access_events_log_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry bigint;
  entry_firm text;
  read_key text := access_read_key(NEW.kind, NEW.file_name, NEW.parts);
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
CREATE OR REPLACE FUNCTION "access_log_entries_backfill"() RETURNS void LANGUAGE sql AS $$
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
    SELECT request_id, firm_user_id, run, access_read_key(kind, file_name, parts) AS read_key, count(*)::int AS n,
           min(attorney_user_id::text) AS attorney, min(firm_name) AS firm_name,
           min(created_at) AS first_at, max(created_at) AS last_at
    FROM runs GROUP BY request_id, firm_user_id, run, access_read_key(kind, file_name, parts)
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
-- The entries kept so far, counted again with the new keys.
SELECT "access_log_entries_backfill"();
