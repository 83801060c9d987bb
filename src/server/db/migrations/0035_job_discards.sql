ALTER TABLE "pack_extractions" ADD COLUMN "discarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "discarded_at" timestamp with time zone;