CREATE TABLE "saved_billing_details" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"details" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "expires_at" SET DEFAULT now() + interval '30 minutes';--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unlimited_for_accounts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_billing_details" ADD CONSTRAINT "saved_billing_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;