CREATE TABLE "firm_request_counts" (
	"firm_user_id" uuid NOT NULL,
	"status" "request_status" NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "firm_request_counts_firm_user_id_status_pk" PRIMARY KEY("firm_user_id","status")
);
--> statement-breakpoint
ALTER TABLE "firm_request_counts" ADD CONSTRAINT "firm_request_counts_firm_user_id_users_id_fk" FOREIGN KEY ("firm_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The firm's counts follow every write of lpq_requests, whichever code path makes it (the state machine,
-- withdraw, account deletion, the foreign keys' cascades). A count goes up with an upsert (two
-- transactions adding to one row both count) and down with an UPDATE only: a firm's rows may already be
-- gone when the deletion of its user cascades to its requests. An update touching two rows takes them in
-- (firm, status) order, so two transactions moving requests of one firm cannot deadlock on them.
CREATE FUNCTION "lpq_requests_count_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.firm_user_id, OLD.status) IS NOT DISTINCT FROM (NEW.firm_user_id, NEW.status) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.firm_user_id, OLD.status) > (NEW.firm_user_id, NEW.status) THEN
    INSERT INTO firm_request_counts AS c (firm_user_id, status, count) VALUES (NEW.firm_user_id, NEW.status, 1)
      ON CONFLICT (firm_user_id, status) DO UPDATE SET count = c.count + 1;
    UPDATE firm_request_counts SET count = count - 1 WHERE firm_user_id = OLD.firm_user_id AND status = OLD.status;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE firm_request_counts SET count = count - 1 WHERE firm_user_id = OLD.firm_user_id AND status = OLD.status;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO firm_request_counts AS c (firm_user_id, status, count) VALUES (NEW.firm_user_id, NEW.status, 1)
      ON CONFLICT (firm_user_id, status) DO UPDATE SET count = c.count + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lpq_requests_count_status" AFTER INSERT OR DELETE OR UPDATE OF "status", "firm_user_id" ON "lpq_requests"
  FOR EACH ROW EXECUTE FUNCTION "lpq_requests_count_status"();
--> statement-breakpoint
-- The counts of the requests already there, taken after the trigger locked the table against writes.
INSERT INTO "firm_request_counts" ("firm_user_id", "status", "count")
SELECT "firm_user_id", "status", count(*)::int FROM "lpq_requests" GROUP BY "firm_user_id", "status";
