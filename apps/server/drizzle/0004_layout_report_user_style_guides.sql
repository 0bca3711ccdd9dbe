CREATE TABLE "user_style_guides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"university" text,
	"original_file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"extracted_requirements" jsonb NOT NULL,
	"findings" jsonb NOT NULL,
	"base_layout_id" text NOT NULL,
	"category" text DEFAULT 'academic' NOT NULL,
	"style_guide" text NOT NULL,
	"is_processed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "layout_report" jsonb;--> statement-breakpoint
ALTER TABLE "user_style_guides" ADD CONSTRAINT "user_style_guides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_style_guides_user_id_created_at_idx" ON "user_style_guides" USING btree ("user_id","created_at");