CREATE TABLE "schedule_reminders" (
	"company_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"minutes_before" integer NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_reminders_schedule_id_minutes_before_scheduled_at_pk" PRIMARY KEY("schedule_id","minutes_before","scheduled_at")
);
--> statement-breakpoint
ALTER TABLE "schedule_reminders" ADD CONSTRAINT "schedule_reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_reminders" ADD CONSTRAINT "schedule_reminders_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;