CREATE TABLE "extractions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"compiled_title" text,
	"compiled_content" text,
	"compiled_book_id" uuid,
	"sections_found" integer NOT NULL,
	"average_relevance" real NOT NULL,
	"extracted_themes" jsonb NOT NULL,
	"searched_terms" jsonb NOT NULL,
	"sections" jsonb NOT NULL,
	"text_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "source_extraction_id" uuid;--> statement-breakpoint
ALTER TABLE "extractions" ADD CONSTRAINT "extractions_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extractions" ADD CONSTRAINT "extractions_compiled_book_id_books_id_fk" FOREIGN KEY ("compiled_book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extractions_book_id_created_at_idx" ON "extractions" USING btree ("book_id","created_at");--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_source_extraction_id_extractions_id_fk" FOREIGN KEY ("source_extraction_id") REFERENCES "public"."extractions"("id") ON DELETE set null ON UPDATE no action;