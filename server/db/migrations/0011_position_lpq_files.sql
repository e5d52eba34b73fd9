CREATE TABLE "position_lpq_files" (
	"request_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "position_lpq_files_request_id_file_id_pk" PRIMARY KEY("request_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "position_lpq_files" ADD CONSTRAINT "position_lpq_files_request_id_lpq_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."lpq_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_lpq_files" ADD CONSTRAINT "position_lpq_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "position_lpq_files_file_idx" ON "position_lpq_files" USING btree ("file_id");--> statement-breakpoint
-- The documents already attached to position LPQs: the attorney's own files their list names by id.
INSERT INTO "position_lpq_files" ("request_id", "file_id")
SELECT DISTINCT p."request_id", f."id"
FROM "position_lpqs" p
CROSS JOIN LATERAL jsonb_array_elements(
  CASE WHEN jsonb_typeof(p."form_data"->'documents') = 'array' THEN p."form_data"->'documents' ELSE '[]'::jsonb END
) AS d(doc)
JOIN "files" f ON jsonb_typeof(d.doc) = 'object' AND f."id"::text = d.doc->>'id' AND f."owner_id" = p."attorney_user_id"
ON CONFLICT DO NOTHING;
