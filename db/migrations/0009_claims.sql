CREATE TABLE `tool_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tool_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`token` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`method` text,
	`last_error` text,
	`checked_at` text,
	`verified_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`tool_id`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tool_claims_tool_user_unique` ON `tool_claims` (`tool_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `tool_claims_user_idx` ON `tool_claims` (`user_id`);--> statement-breakpoint
ALTER TABLE `tools` ADD `is_verified` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Pages show the Verified badge: a change to it draws a new content version (0005).
DROP TRIGGER `tools_content_update`;
--> statement-breakpoint
CREATE TRIGGER `tools_content_update` AFTER UPDATE OF id, slug, name, description, logo_url, website_url,
  affiliate_link, video_url, screenshots, pros_cons, faq, category_id, pricing_type, is_featured, is_verified,
  avg_rating, review_count, submitted_by, created_at, updated_at ON `tools` BEGIN
  UPDATE site_state SET value = lower(hex(randomblob(8))) WHERE key = 'content_version';
END;
