-- Rate limits become leaky buckets (src/modules/rate-limits/rate-limit-buckets.ts): the clock-aligned
-- windows of sign_in_failures let a burst straddle a window edge and count twice the limit.
CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"level" double precision NOT NULL,
	"full_since" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "sign_in_failures" CASCADE;
