CREATE TABLE "rate_limit_windows" (
	"limiter" text NOT NULL,
	"key_hash" text NOT NULL,
	"hits" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_windows_limiter_key_hash_pk" PRIMARY KEY("limiter","key_hash")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_windows_limiter_ends_at_idx" ON "rate_limit_windows" USING btree ("limiter","window_ends_at");