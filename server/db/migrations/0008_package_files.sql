-- The files of each shared version move from a JSON list to rows (what a firm may download is a join,
-- not a JSON search). Entries whose file no longer exists are left behind, as the download refused them.
INSERT INTO "shared_package_files" ("request_id", "version", "file_id", "name", "content_type", "size", "position")
SELECT sp."request_id", sp."version", f."id",
  coalesce(d.doc->>'name', f."filename"), coalesce(d.doc->>'contentType', f."content_type"), f."size", (d.ord - 1)::int
FROM "shared_packages" sp
CROSS JOIN LATERAL jsonb_array_elements(sp."documents") WITH ORDINALITY AS d(doc, ord)
JOIN "files" f ON f."id"::text = (CASE WHEN jsonb_typeof(d.doc) = 'string' THEN d.doc #>> '{}' ELSE d.doc->>'id' END)
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "shared_packages" DROP COLUMN "documents";
