ALTER TABLE "sso_domains" ADD COLUMN "proven_by" text;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD COLUMN "proven_at" timestamp with time zone;--> statement-breakpoint
-- Claims made before domains had to be proven: proven by the same rule the save applies now (a member of the
-- firm with a verified address at the domain, never a shared mail service: shared/sso.ts SHARED_MAIL_DOMAINS);
-- the others stay unproven, offered on no sign-in page until the firm saves them again with a proof.
UPDATE "sso_domains" SET "proven_by" = 'member', "proven_at" = now()
WHERE "domain" NOT IN ('126.com', '163.com', 'aim.com', 'aol.com', 'att.net', 'bellsouth.net', 'btinternet.com', 'comcast.net', 'cox.net', 'earthlink.net', 'fastmail.com', 'free.fr', 'gmail.com', 'gmx.com', 'gmx.de', 'gmx.net', 'googlemail.com', 'hey.com', 'hotmail.co.uk', 'hotmail.com', 'hotmail.fr', 'hushmail.com', 'icloud.com', 'laposte.net', 'libero.it', 'live.com', 'mac.com', 'mail.com', 'mail.ru', 'me.com', 'msn.com', 'naver.com', 'orange.fr', 'outlook.com', 'pm.me', 'proton.me', 'protonmail.com', 'qq.com', 'rediffmail.com', 'sbcglobal.net', 't-online.de', 'tuta.io', 'tutanota.com', 'verizon.net', 'web.de', 'yahoo.co.uk', 'yahoo.com', 'yahoo.fr', 'yandex.com', 'yandex.ru', 'ymail.com', 'zoho.com')
  AND EXISTS (
    SELECT 1 FROM "firm_members" m JOIN "users" u ON u."id" = m."user_id"
    WHERE m."firm_id" = "sso_domains"."firm_id" AND u."email_verified_at" IS NOT NULL
      AND lower(split_part(u."email", '@', 2)) = "sso_domains"."domain"
  );
