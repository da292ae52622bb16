ALTER TABLE `tools` ADD `review_priority_at` text;
--> statement-breakpoint
CREATE INDEX `tools_review_priority_idx` ON `tools` (`review_priority_at`) WHERE "tools"."review_priority_at" IS NOT NULL;
