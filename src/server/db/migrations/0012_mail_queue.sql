ALTER TABLE "outbox_emails" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
-- Mail from before the queue was only kept in the outbox: it counts as sent, never delivered late.
UPDATE "outbox_emails" SET "status" = 'sent', "sent_at" = "created_at";--> statement-breakpoint
CREATE INDEX "outbox_emails_due_idx" ON "outbox_emails" USING btree ("next_attempt_at") WHERE "outbox_emails"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "outbox_emails_failed_idx" ON "outbox_emails" USING btree ("created_at") WHERE "outbox_emails"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "outbox_emails_created_idx" ON "outbox_emails" USING btree ("created_at");