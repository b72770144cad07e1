CREATE TABLE "alarms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"severity" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"time_on" timestamp with time zone DEFAULT now() NOT NULL,
	"uuid" text NOT NULL,
	"module_object_id" text,
	"customer_id" uuid,
	CONSTRAINT "alarms_severity_check" CHECK ("alarms"."severity" in ('EMERGENCY', 'ALERT', 'CRITICAL', 'ERROR', 'WARNING', 'NOTICE', 'INFORMATIONAL', 'DEBUG'))
);
--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarms_time_on_idx" ON "alarms" USING btree ("time_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alarms_customer_id_idx" ON "alarms" USING btree ("customer_id");