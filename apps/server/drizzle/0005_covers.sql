CREATE TABLE "covers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" uuid NOT NULL,
	"cover_type" text NOT NULL,
	"template" text NOT NULL,
	"style" text,
	"prompt" text,
	"artwork_source" text NOT NULL,
	"artwork_model" text,
	"artwork_key" text,
	"artwork_media_type" text,
	"artwork_width_px" integer,
	"artwork_height_px" integer,
	"text" jsonb NOT NULL,
	"palette" jsonb NOT NULL,
	"chosen" boolean DEFAULT false NOT NULL,
	"ebook_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "covers" ADD CONSTRAINT "covers_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "covers_book_id_idx" ON "covers" USING btree ("book_id");