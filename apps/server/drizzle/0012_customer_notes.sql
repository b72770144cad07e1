ALTER TABLE "customers" ADD COLUMN "admin_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "user_note" text DEFAULT '' NOT NULL;