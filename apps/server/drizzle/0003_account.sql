ALTER TABLE "customers" ADD COLUMN "api_token_hash" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "api_token_sealed" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "login_logo" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "logo_aspect" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "login_logo_aspect" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "add_custom_domain" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "custom_domain_name" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "certificate" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "private_key" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "cdn_protocol" text DEFAULT 'https://' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "cdn_domain" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_apiTokenHash_unique" UNIQUE("api_token_hash");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_customDomainName_unique" UNIQUE("custom_domain_name");